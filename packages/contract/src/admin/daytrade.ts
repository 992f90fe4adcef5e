import { z } from 'zod';
import { DAY_TRADE_STATES, zDayTrade } from '../api/daytrade';
import { MARKETS } from '../enums';
import { defineAdminCall, zAdminPage } from './define';

export const list = defineAdminCall({
  method: 'GET',
  path: '/api/admin/daytrades',
  need: 'review',
  summary: 'Day-trading applications, newest first, with state and result ?state&market&page&size',
  query: () =>
    z.object({
      state: z.enum(DAY_TRADE_STATES).optional(),
      market: z.enum(MARKETS).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(50),
    }),
  response: () => zAdminPage(zDayTrade.unwrap().extend({ userId: z.number().int(), account: z.string() })),
});
