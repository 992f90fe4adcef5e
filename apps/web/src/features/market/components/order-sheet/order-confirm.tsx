import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceWithSymbol } from '../../../../shared/format/money';
import { formatPrice } from '../../../../shared/format/price';
import { formatWhen, zoneLabel } from '../../../../shared/format/time';
import { useLanguage } from '../../../../shared/i18n/setup';
import { hasLimit, hasTrigger, isTrailing, waits } from '../../../../shared/trading/order-form';
import { MoneyText } from '../../../../shared/ui/money-text';
import { useFormSentence } from './protect-fields';
import type { OrderForm } from './use-order-form';

function ConfirmRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="kb-confirm-list__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
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
  const limit = hasLimit(form.orderType);
  const sentence = useFormSentence(form);
  const price = (value: string | null) => (
    <span className="kb-num">{formatPriceWithSymbol(value, form.market, language)}</span>
  );
  return (
    <Dialog
      visible={form.confirming}
      title={t('sheet.confirmTitle')}
      onClose={form.cancelConfirm}
      content={
        <dl className="kb-confirm-list" data-testid="order-confirm">
          {sentence && (
            <p className="kb-order-sentence" data-testid="order-confirm-sentence">
              {sentence}
            </p>
          )}
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
          {hasTrigger(form.orderType) && (
            <ConfirmRow label={t('protect.trigger')} value={price(form.trigger)} />
          )}
          {isTrailing(form.orderType) && (
            <ConfirmRow
              label={form.trailMode === 'amount' ? t('protect.trailAmount') : t('protect.trailPercent')}
              value={
                form.trailMode === 'amount' ? (
                  price(form.trail)
                ) : (
                  <span className="kb-num">{`${form.trail}%`}</span>
                )
              }
            />
          )}
          {waits(form.orderType) && (
            <ConfirmRow
              label={t('sheet.validity')}
              value={
                form.validity === 'gtc'
                  ? form.expiresAt
                    ? t('protect.expires', { when: formatWhen(form.expiresAt, language, form.market) })
                    : t('protect.validity.gtc')
                  : t('sheet.validityDay', { zone: zoneLabel(form.market, language) })
              }
              testId="order-validity"
            />
          )}
          {form.takeProfitSent && (
            <ConfirmRow label={t('protect.takeProfit')} value={price(form.takeProfitSent)} />
          )}
          {form.stopLossSent && <ConfirmRow label={t('protect.stopLoss')} value={price(form.stopLossSent)} />}
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
