import { Decimal, type MessageParam } from '@kabuto/contract';
import { moneyParam, type OutgoingMessage } from '../messages/port';
import type { NewShare, Subscription } from './tables';
import './tables';
import { currencyOf, frozenMinor } from './context';

// ---------------------------------------------------------------------------------------------
// Messages (SPEC §6.6: lottery results), from the catalogue (packages/contract messages.ts).

type IpoMessageKey = 'ipo_won' | 'ipo_paid' | 'ipo_not_won' | 'ipo_waived' | 'ipo_failed' | 'ipo_listed';

function ipoMessage(
  key: IpoMessageKey,
  sub: Subscription,
  share: NewShare,
  figures: { amountMinor?: number; quantity?: number },
): OutgoingMessage {
  const params: Record<string, MessageParam> = { code: { text: share.code } };
  if (figures.amountMinor !== undefined) params.amount = moneyParam(figures.amountMinor, currencyOf(share));
  if (figures.quantity !== undefined) params.quantity = { count: figures.quantity };
  if (key === 'ipo_won') params.due = { date: share.pay_until.toISOString(), market: share.market };
  if (key === 'ipo_listed') params.price = { price: new Decimal(share.price).toFixed() };
  return { userId: sub.user_id, kind: 'lottery', template: { key, params } };
}

export const wonMessage = (sub: Subscription, share: NewShare) =>
  ipoMessage('ipo_won', sub, share, { amountMinor: sub.won_minor, quantity: sub.won_quantity });
export const paidMessage = (sub: Subscription, share: NewShare) =>
  ipoMessage('ipo_paid', sub, share, { amountMinor: sub.paid_minor, quantity: sub.won_quantity });
export const listedMessage = (sub: Subscription, share: NewShare) =>
  ipoMessage('ipo_listed', sub, share, { quantity: sub.won_quantity });
export function releaseMessage(sub: Subscription, share: NewShare, state: 'not_won' | 'waived' | 'failed') {
  return ipoMessage(`ipo_${state}`, sub, share, { amountMinor: frozenMinor(sub) });
}
