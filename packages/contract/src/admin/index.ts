import * as audit from './audit';
import * as auth from './auth';
import * as block from './block';
import * as clock from './clock';
import * as content from './content';
import * as copy from './copy';
import * as dashboard from './dashboard';
import * as daytrade from './daytrade';
import type { AdminCallDef } from './define';
import * as ipo from './ipo';
import * as operators from './operators';
import * as reviews from './reviews';
import * as settings from './settings';
import * as users from './users';

export type { OperatorRole } from './auth';
export { OPERATOR_ROLES } from './auth';
export type { AdminNewsView, NewsInput } from './content';
export type { CopyLeaderView, CopyProductView } from './copy';
export type { DashboardView } from './dashboard';
export * from './define';
export type { AdminShareView, NewShareInput } from './ipo';
export type { OperatorView } from './operators';
export type { ReviewItemView } from './reviews';
export type { SettingChangeView, SettingView } from './settings';
export type { AdjustmentView, BalanceView, UserSummary, UserView } from './users';
export {
  audit,
  auth,
  block,
  clock,
  content,
  copy,
  dashboard,
  daytrade,
  ipo,
  operators,
  reviews,
  settings,
  users,
};

/** Every back-office call, by area (the OpenAPI document and the role matrix list them). */
export const ADMIN_AREAS = {
  audit,
  auth,
  block,
  clock,
  content,
  copy,
  dashboard,
  daytrade,
  ipo,
  operators,
  reviews,
  settings,
  users,
};

/** Every back-office call defined in the contract. */
export function adminCalls(): AdminCallDef[] {
  return Object.values(ADMIN_AREAS).flatMap((area) =>
    Object.values(area).filter(
      (v): v is AdminCallDef =>
        typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'summary' in v,
    ),
  );
}
