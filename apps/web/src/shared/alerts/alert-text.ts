import type { Alert, AlertKind, Language } from '@kabuto/contract';
import type { TFunction } from 'i18next';
import { formatPrice } from '../format/price';
import { formatWhen } from '../format/time';

/** The kinds whose value is a day change in percent rather than a price. */
export function isPercentKind(kind: AlertKind): boolean {
  return kind === 'rise' || kind === 'fall';
}

/** A decimal from the server in the reader's digits, with as many decimals as it was sent with. */
export function formatAlertNumber(value: string, language: Language): string {
  return formatPrice(value, value.split('.')[1]?.length ?? 0, language);
}

/** "Price ≥ 1,520", "Day change ≤ −3%": what the alert watches, in the reader's words. */
export function alertCondition(
  t: TFunction<'alerts'>,
  alert: Pick<Alert, 'kind' | 'value'>,
  language: Language,
): string {
  return t(`alerts.condition.${alert.kind}`, { value: formatAlertNumber(alert.value, language) });
}

/** Watching, or when and at what price it fired (a `daily` alert that fired today watches again tomorrow). */
export function alertStatus(t: TFunction<'alerts'>, alert: Alert, language: Language): string {
  if (alert.firedAt && (!alert.active || alert.repeat === 'daily')) {
    const fired = t('alerts.fired', {
      time: formatWhen(alert.firedAt, language, 'reader'),
      price: alert.firedPrice ? formatAlertNumber(alert.firedPrice, language) : '—',
    });
    return alert.active ? `${t('alerts.active')} · ${fired}` : fired;
  }
  return alert.active ? t('alerts.active') : t('alerts.firedNever');
}
