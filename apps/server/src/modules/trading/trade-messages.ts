import { MARKET_CURRENCY } from '@kabuto/contract';
import { moneyParam, type OutgoingMessage } from '../messages/port';
import type { PositionRow } from './tables';

// ---------------------------------------------------------------------------------------------
// Messages (SPEC §6.6: fills and stop-outs send a message).

/** The figures every message about a position names: its number, stock and quantity. */
const positionParams = (row: PositionRow) => ({
  order: { text: row.order_no },
  code: { text: row.code },
  quantity: { count: row.quantity },
});

export function fillMessage(row: PositionRow, price: string): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'fill',
    template: {
      key: 'order_filled',
      params: { ...positionParams(row), side: { word: row.direction }, price: { price } },
    },
  };
}

export function stopOutMessage(row: PositionRow, price: string, pnlMinor: number): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'stop_out',
    template: {
      key: 'stop_out',
      params: {
        ...positionParams(row),
        price: { price },
        pnl: moneyParam(pnlMinor, MARKET_CURRENCY[row.market]),
      },
    },
  };
}

export function expiryMessage(row: PositionRow): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'order_expired',
    template: {
      key: 'order_expired',
      params: { ...positionParams(row), price: { price: row.limit_price ?? '' } },
    },
  };
}

/** A trigger order's condition was met and its order sent (SPEC §13.2, §13.3). */
export function triggeredMessage(row: PositionRow, price: string): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'order_triggered',
    template: {
      key: 'order_triggered',
      params: { ...positionParams(row), side: { word: row.direction }, price: { price } },
    },
  };
}

/** A take-profit or stop-loss closed its position (SPEC §13.2, §13.3). */
export function protectiveCloseMessage(
  row: PositionRow,
  kind: 'tp' | 'sl',
  price: string,
  pnlMinor: number,
): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'order_triggered',
    template: {
      key: kind === 'tp' ? 'take_profit_closed' : 'stop_loss_closed',
      params: {
        ...positionParams(row),
        price: { price },
        pnl: moneyParam(pnlMinor, MARKET_CURRENCY[row.market]),
      },
    },
  };
}
