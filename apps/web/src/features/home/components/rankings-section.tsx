import { RANKING_WINDOWS, type RankingWindow } from '@kabuto/contract';
import { Segmented } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Section } from '../../../shared/ui/section';

/** Rankings over 1w / 1m / 3m / 6m with open, close, high, low (SPEC §2 home, §10). */
export function RankingsSection() {
  const { t } = useTranslation('home');
  const [span, setSpan] = useState<RankingWindow>('1w');
  return (
    <Section id="home-rankings" title={t('sections.rankings')}>
      <Segmented
        block
        className="kb-window-switch"
        value={span}
        onChange={(value) => {
          const next = RANKING_WINDOWS.find((w) => w === value);
          if (next) setSpan(next);
        }}
        options={RANKING_WINDOWS.map((w) => ({ label: t(`windows.${w}`), value: w }))}
      />
      <EmptyState description={t('sections.marketDataSoon')} />
    </Section>
  );
}
