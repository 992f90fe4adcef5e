import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BLOCK_PATHS } from '../paths';

/** The two tabs of /home/large (SPEC §2): the Stocks tab and the Application List tab, with the rules. */
export function BlockTabs({ active }: { active: 'stocks' | 'applications' }) {
  const { t } = useTranslation('block');
  const navigate = useNavigate();
  return (
    <div className="kb-block-tabs">
      <Tabs
        activeKey={active}
        onChange={(key) =>
          navigate(key === 'stocks' ? BLOCK_PATHS.stocks : BLOCK_PATHS.applications, { replace: true })
        }
      >
        <Tabs.Tab key="stocks" title={<span data-testid="block-tab-stocks">{t('tabs.stocks')}</span>} />
        <Tabs.Tab
          key="applications"
          title={<span data-testid="block-tab-applications">{t('tabs.applications')}</span>}
        />
      </Tabs>
      <button type="button" className="kb-block-tabs__rules" onClick={() => navigate(BLOCK_PATHS.rules)}>
        {t('rulesLink')}
      </button>
    </div>
  );
}
