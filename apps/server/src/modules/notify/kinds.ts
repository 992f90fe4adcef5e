import type { NotifyKind } from '@kabuto/contract';
import type { MessageKind } from '../messages/port';

/**
 * Which investor switch (SPEC §13.3) each kind of message falls under; null: an in-app message
 * only, never a toast or a push. Every kind a module may send (MESSAGE_KINDS) is decided here:
 * a kind without a decision fails to compile, and kinds.test.ts fails on a kind sent anywhere
 * that is not listed.
 */
export const NOTIFY_KIND_OF = {
  /** A price alert fired (modules/alerts). */
  alert: 'alert',
  /** An order filled (modules/trading). */
  fill: 'fill',
  /**
   * A limit order lapsed unfilled: the other way an order ends, so it goes where its fill would
   * have gone.
   */
  order_expired: 'fill',
  /** A trigger order's condition was met and its order sent (SPEC §13.2). */
  order_triggered: 'trigger',
  /** A position closed by the stop-out rule. */
  stop_out: 'stop_out',
  /** A review's decision: deposit, withdrawal, identity, loan, block trade. */
  review_outcome: 'review',
  /** New-share results: won (with its payment deadline), paid, not won, waived, failed, listed. */
  lottery: 'lottery',
  /**
   * A loan's repayment date passed. SPEC §13.3 puts payment deadlines beside lottery results;
   * this is the other deadline an investor can miss.
   */
  loan_overdue: 'lottery',
  /** A copy-trading holding's lock-in ended and it was paid out. */
  copy_ended: 'lock_in',
  /** A day-trading allocation's period ended: settled, or failed unreviewed. */
  day_trade: 'lock_in',
  /** A sign-in from a new device: the in-app message is its record; no switch governs it. */
  security: null,
  /** An operator's message to one investor or to everyone. */
  notice: null,
} as const satisfies Record<MessageKind, NotifyKind | null>;

/**
 * The switch a message falls under. A kind the map does not know (a row written by another
 * version of the server) stays an in-app message rather than reaching phones unannounced.
 */
export function notifyKindOf(kind: string): NotifyKind | null {
  return Object.hasOwn(NOTIFY_KIND_OF, kind) ? NOTIFY_KIND_OF[kind as MessageKind] : null;
}
