import { TabBar } from 'antd-mobile';
import {
  AppOutline,
  HistogramOutline,
  PayCircleOutline,
  TextOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../routing/paths';

/** SPEC §2: the five tabs. */
export const TABS = [
  { key: PATHS.home, label: 'tabs.home', icon: <AppOutline /> },
  { key: PATHS.quotes, label: 'tabs.quotes', icon: <HistogramOutline /> },
  { key: PATHS.positions, label: 'tabs.trade', icon: <UnorderedListOutline /> },
  { key: PATHS.news, label: 'tabs.news', icon: <TextOutline /> },
  { key: PATHS.fundRecords, label: 'tabs.funds', icon: <PayCircleOutline /> },
] as const;

/** The fixed bottom tab bar shown on tab screens. */
export function AppTabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className="kb-tabbar" aria-label="tabs">
      <TabBar safeArea activeKey={pathname} onChange={(key) => key !== pathname && navigate(key)}>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </nav>
  );
}
