import { alertCalls } from './alerts';
import { blockCalls } from './block';
import { copyCalls } from './copy';
import { coreCalls } from './core';
import { dayTradeCalls } from './daytrade';
import type { CallDef } from './define';
import { identityCalls } from './identity';
import { ipoCalls } from './ipo';
import { loanCalls } from './loans';
import { marketCalls } from './market';
import { moneyCalls } from './money';
import { newsCalls } from './news';
import { securityCalls } from './security';
import { tradingCalls } from './trading';

export * from './alerts';
export * from './block';
export * from './copy';
export * from './core';
export * from './daytrade';
export * from './define';
export * from './identity';
export * from './ipo';
export * from './loans';
export * from './market';
export * from './money';
export * from './news';
export * from './security';
export * from './trading';

/** Every investor call, by name. Feature files add theirs here. */
export const API = {
  ...coreCalls,
  ...identityCalls,
  ...marketCalls,
  ...newsCalls,
  ...moneyCalls,
  ...loanCalls,
  ...tradingCalls,
  ...blockCalls,
  ...ipoCalls,
  ...copyCalls,
  ...dayTradeCalls,
  ...securityCalls,
  ...alertCalls,
} satisfies Record<string, CallDef>;
