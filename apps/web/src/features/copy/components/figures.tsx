import { useTranslation } from 'react-i18next';
import { formatPercent, formatPrice } from '../../../shared/format/price';
import { useLanguage } from '../../../shared/i18n/setup';
import type { CopyProduct } from '../api/copy';
import { percentOf } from '../lib/figures';

/** A product's historical figures (SPEC §0.5: computed from real fills, labelled historical). */
export function Figures({ figures, full = false }: { figures: CopyProduct['figures']; full?: boolean }) {
  const { t } = useTranslation('copy');
  const language = useLanguage();
  return (
    <dl className="kb-copy-figures" data-testid="copy-figures">
      <div>
        <dt>{t('figures.averageDaily')}</dt>
        <dd data-testid="copy-average-daily">
          {formatPercent(percentOf(figures.averageDailyReturn), language, 3)}
        </dd>
      </div>
      <div>
        <dt>{t('figures.total')}</dt>
        <dd data-testid="copy-total-return">{formatPercent(percentOf(figures.totalReturn), language)}</dd>
      </div>
      <div>
        <dt>{t('figures.drawdown')}</dt>
        <dd data-testid="copy-max-drawdown">
          {formatPercent(`-${percentOf(figures.maxDrawdown)}`, language)}
        </dd>
      </div>
      {full && (
        <div>
          <dt>{t('figures.volatility')}</dt>
          <dd data-testid="copy-volatility">{formatPrice(percentOf(figures.volatility), 2, language)}%</dd>
        </div>
      )}
    </dl>
  );
}
