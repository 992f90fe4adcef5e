import type { Currency } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../../shared/ui/segmented-control';

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
    <SegmentedControl<Currency>
      className="kb-currency-switch"
      label={t('currency.label')}
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
      onChange={onChange}
    />
  );
}
