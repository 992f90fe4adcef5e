export { AccountPanel } from './account-panel';
export { IndexHeader } from './index-header';
export { Page } from './page';
export { PageHeader, type PageHeaderVariant, useGoBack } from './page-header';
export { AppTabBar, TABS } from './tab-bar';
export { unreadBadge } from './unread-badge';
