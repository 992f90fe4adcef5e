import type { Currency } from '@kabuto/contract';
import { Segmented } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Chooses the wallet a deposit or withdrawal moves (SPEC §1: one wallet per currency). */
export function CurrencySwitch({
  value,
  options,
  onChange,
}: {
  value: Currency;
  options: readonly Currency[];
  onChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation('money');
  if (options.length < 2) return null;
  return (
    <Segmented
      className="kb-currency-switch"
      block
      value={value}
      options={options.map((c) => ({
        label: (
          <span className="kb-currency">
            <span className="kb-currency__code">{c}</span>
            <span className="kb-currency__name">{t(`currency.${c}`)}</span>
          </span>
        ),
        value: c,
      }))}
      onChange={(next) => {
        const found = options.find((c) => c === next);
        if (found) onChange(found);
      }}
    />
  );
}
