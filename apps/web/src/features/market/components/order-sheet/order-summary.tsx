import type { Currency } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../shared/ui/money-text';
import type { OrderForm } from './use-order-form';

function SummaryRow({
  label,
  value,
  currency,
  calculating,
  strong = false,
}: {
  label: string;
  value: string | undefined;
  currency: Currency;
  calculating: string;
  strong?: boolean;
}) {
  return (
    <div className="kb-order-summary__row">
      <dt>{label}</dt>
      <dd className={strong ? 'kb-order-summary__strong' : undefined}>
        {value === undefined ? (
          <span className="kb-muted">{calculating}</span>
        ) : (
          <MoneyText value={value} currency={currency} />
        )}
      </dd>
    </div>
  );
}

/** Margin, fee, total and the available balance from the live preview. */
export function OrderSummary({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const calculating = form.complete ? t('sheet.calculating') : '—';
  const data = form.preview;
  return (
    <dl
      className={`kb-order-summary ${form.stale && data ? 'is-stale' : ''}`}
      data-testid="order-summary"
      aria-busy={form.stale}
    >
      <SummaryRow
        label={t('sheet.margin')}
        value={data?.margin}
        currency={form.currency}
        calculating={calculating}
      />
      <SummaryRow
        label={t('sheet.fee')}
        value={data?.fee}
        currency={form.currency}
        calculating={calculating}
      />
      <SummaryRow
        label={t('sheet.total')}
        value={data?.total}
        currency={form.currency}
        calculating={calculating}
        strong
      />
      <SummaryRow
        label={form.mode === 'day' ? t('dayMode.capitalLeft') : t('sheet.available')}
        value={data?.available}
        currency={form.currency}
        calculating={calculating}
      />
    </dl>
  );
}
