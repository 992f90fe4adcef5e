import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { BLOCK_PATHS } from '../paths';
import '../block.css';

const RULES = ['r1', 'r2', 'r3', 'r4', 'r5'] as const;

/** /home/large4 (SPEC §2, §6.5): the block-trade rules. */
export default function RulesPage() {
  const { t } = useTranslation('block');
  return (
    <Page header={<PageHeader title={t('rules.title')} backTo={BLOCK_PATHS.stocks} />}>
      <div className="kb-block-body">
        <ol className="kb-block-rules" data-testid="block-rules">
          {RULES.map((key) => (
            <li key={key}>{t(`rules.items.${key}`)}</li>
          ))}
        </ol>
      </div>
    </Page>
  );
}
