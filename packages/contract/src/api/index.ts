import { coreCalls } from './core';
import type { CallDef } from './define';
import { identityCalls } from './identity';
import { moneyCalls } from './money';
import { tradingCalls } from './trading';

export * from './core';
export * from './define';
export * from './identity';
export * from './money';
export * from './trading';

/** Every investor call, by name. Feature files add theirs here. */
export const API = {
  ...coreCalls,
  ...identityCalls,
  ...moneyCalls,
  ...tradingCalls,
} satisfies Record<string, CallDef>;
