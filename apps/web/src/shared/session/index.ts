export { openCustomerService } from './customer-service';
export { EXIT_REDIRECT_MS, exit, logout } from './logout';
export { currentMarket, useMarket, useMarketStore } from './market-store';
export { hasSession, useSession } from './session-store';
export { UNREAD_POLL_MS, useAccountSummary, useUnreadCount, useUserInfo } from './user';
