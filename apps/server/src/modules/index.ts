import { jobsModule } from '../jobs/module';
import type { Module } from '../module';
import { adminModule } from './admin/routes';
import { alertsModule } from './alerts/routes';
import { backofficeModule } from './backoffice/routes';
import { blockModule } from './block/routes';
import { clockModule } from './clock/routes';
import { copyModule } from './copy/routes';
import { dayTradeModule } from './daytrade/routes';
import { identityModule } from './identity/routes';
import { ipoModule } from './ipo/routes';
import { loansModule } from './loans/routes';
import { marketModule } from './market/routes';
import { messagesModule } from './messages/routes';
import { moneyModule } from './money/routes';
import { newsModule } from './news/routes';
import { notifyModule } from './notify/routes';
import { reviewsModule } from './reviews/routes';
import { systemModule } from './system/routes';
import { tradingModule } from './trading/routes';
import { usersModule } from './users/routes';

/**
 * Every module of the server. Each declares the modules whose ports it uses (module.ts); this
 * order satisfies them, and an order that did not would fail at start naming the missing one.
 */
export const modules: Module[] = [
  systemModule,
  jobsModule,
  marketModule,
  newsModule,
  usersModule,
  messagesModule,
  notifyModule,
  adminModule,
  reviewsModule,
  clockModule,
  identityModule,
  tradingModule,
  moneyModule,
  loansModule,
  blockModule,
  ipoModule,
  copyModule,
  dayTradeModule,
  alertsModule,
  backofficeModule,
];
