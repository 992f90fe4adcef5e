import { useTranslation } from 'react-i18next';
import { formatPriceWithSymbol } from '../../../shared/format/money';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import type { Position } from '../lib/types';

/** A trail as the reader reads it: "¥10.0" by amount, "2%" by percent; null for none. */
export function useTrailText(): (
  position: Pick<Position, 'market'>,
  amount: string | null,
  percent: string | null,
) => string | null {
  const language = useLanguage();
  return (position, amount, percent) =>
    amount !== null
      ? formatPriceWithSymbol(amount, position.market, language)
      : percent !== null
        ? `${percent}%`
        : null;
}

/**
 * What a pending order waits on and what protects a position (SPEC §13.2): the order type, its
 * trigger (a trailing one with its trail), its expiry, and the attached take-profit and stop-loss.
 */
export function OrderTerms({ position }: { position: Position }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  const trailText = useTrailText();
  const price = (value: string | null) => formatPriceWithSymbol(value, position.market, language);
  const pending = position.state === 'pending';
  const trail = trailText(position, position.trailAmount, position.trailPercent);
  const slTrail = trailText(position, position.stopLossTrailAmount, position.stopLossTrailPercent);
  const protects = position.takeProfit !== null || position.stopLoss !== null;
  const rows: Array<{ label: string; value: string; testId: string }> = [];
  if (pending) {
    rows.push({
      label: t('detail.orderType'),
      value: t(`orderType.${position.orderType}`),
      testId: 'position-type',
    });
    if (position.triggerPrice !== null)
      rows.push({
        label: trail ? t('protect.card.trailing') : t('protect.card.trigger'),
        value: trail ? `${price(position.triggerPrice)} (${trail})` : price(position.triggerPrice),
        testId: 'position-trigger',
      });
    if (position.expiresAt)
      rows.push({
        label: `${t('protect.card.expires')} · ${t(`protect.validityShort.${position.validity}`)}`,
        value: formatWhen(position.expiresAt, language, position.market),
        testId: 'position-expires',
      });
  }
  if (protects || position.state === 'holding')
    rows.push({
      label: t('protect.card.tpsl'),
      value: protects
        ? `${position.takeProfit !== null ? price(position.takeProfit) : '—'} / ${
            position.stopLoss !== null ? price(position.stopLoss) : '—'
          }${slTrail ? ` (${t('protect.trailingStopLoss')} ${slTrail})` : ''}`
        : t('protect.card.none'),
      testId: 'position-tpsl',
    });
  if (rows.length === 0) return null;
  return (
    <dl className="kb-pos-card__terms">
      {rows.map((row) => (
        <div key={row.testId} className="kb-pos-card__term">
          <dt>{row.label}</dt>
          <dd className="kb-num" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
