import { LANGUAGE_LOCALE, type Language, MARKET_TIMEZONE } from '@kabuto/contract';
import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../../shared/format/intl';
import { formatPrice } from '../../../../shared/format/price';
import { useLanguage } from '../../../../shared/i18n/setup';
import { MoneyText } from '../../../../shared/ui/money-text';
import type { OrderForm } from './use-order-form';

function ConfirmRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="kb-confirm-list__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The market's zone as the reader's language names it ("JST", "GMT+8", "EST"). */
function marketZone(form: OrderForm, language: Language): string {
  const parts = dateTimeFormat(LANGUAGE_LOCALE[language], {
    timeZone: MARKET_TIMEZONE[form.market],
    timeZoneName: 'short',
  }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? MARKET_TIMEZONE[form.market];
}

/**
 * The last look before /trade/order: what, which way, at what price, how many, the money it
 * takes and, for a limit order, how long it stays valid (SPEC §4, §5: day orders expire at the
 * trading day's close).
 */
export function OrderConfirm({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const { quote, currency, preview } = form;
  const limit = form.orderType === 'limit';
  return (
    <Dialog
      visible={form.confirming}
      title={t('sheet.confirmTitle')}
      onClose={form.cancelConfirm}
      content={
        <dl className="kb-confirm-list" data-testid="order-confirm">
          <ConfirmRow label={t('detail.stock')} value={`${quote.name} ${quote.code}`} />
          <ConfirmRow
            label={t('sheet.direction')}
            value={
              <span className={`kb-direction kb-direction--${form.direction}`}>
                {t(`direction.${form.direction}`)}
              </span>
            }
          />
          {form.mode === 'day' && <ConfirmRow label={t('dayMode.label')} value={t('mode.day')} />}
          <ConfirmRow label={t('sheet.type')} value={t(`orderType.${form.orderType}`)} />
          <ConfirmRow
            label={limit ? t('sheet.price') : t('sheet.priceAny')}
            value={
              limit ? (
                <span className="kb-num">{formatPrice(form.price, form.decimals, language)}</span>
              ) : (
                t('orderType.market')
              )
            }
          />
          {limit && (
            <ConfirmRow
              label={t('sheet.validity')}
              value={t('sheet.validityDay', { zone: marketZone(form, language) })}
              testId="order-validity"
            />
          )}
          <ConfirmRow label={t('detail.quantity')} value={t('shares', { count: Number(form.quantity) })} />
          <ConfirmRow label={t('sheet.leverage')} value={t('leverageValue', { value: form.leverage })} />
          {preview && (
            <>
              <ConfirmRow
                label={t('sheet.margin')}
                value={<MoneyText value={preview.margin} currency={currency} />}
              />
              <ConfirmRow
                label={t('sheet.fee')}
                value={<MoneyText value={preview.fee} currency={currency} />}
              />
              <ConfirmRow
                label={t('sheet.total')}
                value={<MoneyText value={preview.total} currency={currency} />}
              />
            </>
          )}
        </dl>
      }
      actions={[
        [
          { key: 'cancel', text: tc('actions.cancel'), onClick: form.cancelConfirm },
          {
            key: 'confirm',
            text: t('sheet.confirmAction'),
            bold: true,
            disabled: form.placing,
            onClick: form.place,
          },
        ],
      ]}
    />
  );
}
