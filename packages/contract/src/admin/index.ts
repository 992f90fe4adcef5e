import * as areas from './areas';
import type { AdminCallDef } from './define';

export * from './areas';
export type { OperatorRole } from './auth';
export { OPERATOR_ROLES } from './auth';
export type { AdminNewsView, NewsInput } from './content';
export type { CopyLeaderView, CopyProductView } from './copy';
export type { DashboardView } from './dashboard';
export * from './define';
export type { AdminShareView, NewShareInput } from './ipo';
export type { NotifyOverviewView, PushDeviceView, UserAlertView } from './notify';
export type { OperatorView } from './operators';
export type { ReviewItemView } from './reviews';
export type { SettingChangeView, SettingView } from './settings';
export type { AdjustmentView, BalanceView, UserSummary, UserView } from './users';

/** Every back-office call defined in the contract. */
export function adminCalls(): AdminCallDef[] {
  return Object.values(areas).flatMap((area) =>
    Object.values(area).filter(
      (v): v is AdminCallDef =>
        typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'summary' in v,
    ),
  );
}
