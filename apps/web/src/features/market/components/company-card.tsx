import { MARKET_CURRENCY } from '@kabuto/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatCompactMoney } from '../../../shared/format/compact';
import { useLanguage } from '../../../shared/i18n/setup';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { useCompany } from '../api/market';

/** Company profile (SPEC §4 Stock): sector, shares outstanding, market capitalisation, profile. */
export const CompanyCard = memo(function CompanyCard({ code }: { code: string }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const company = useCompany(code);
  if (company.isPending) return <PageSkeleton />;
  if (!company.data) return null;
  const c = company.data;
  return (
    <Section id="company-profile" title={t('detail.profile')}>
      <dl className="kb-mk-facts">
        <div>
          <dt>{t('detail.sector')}</dt>
          <dd>{c.sectorName}</dd>
        </div>
        {c.sharesOutstanding !== null && (
          <div>
            <dt>{t('detail.shares')}</dt>
            <dd className="kb-num">{formatCompact(c.sharesOutstanding, language)}</dd>
          </div>
        )}
        {c.marketCap !== null && (
          <div>
            <dt>{t('detail.marketCap')}</dt>
            <dd className="kb-num">{formatCompactMoney(c.marketCap, MARKET_CURRENCY[c.market], language)}</dd>
          </div>
        )}
      </dl>
      <p className="kb-mk-profile">{c.profile}</p>
    </Section>
  );
});
