import {
  ALERT_LIMIT,
  type Alert,
  type AlertKind,
  type AlertRepeat,
  Decimal,
  type Language,
  PRICE_DECIMALS,
} from '@kabuto/contract';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { DB, Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import type { MarketService } from '../../market/types';
import { alertValue, valueView } from './rules';
import type { AlertRow } from './tables';
import './tables';

/** What an investor asks an alert to watch (SPEC §13.3). */
export interface AlertRule {
  kind: AlertKind;
  /** As typed: a price or a percentage, checked against the kind. */
  value: string;
  repeat: AlertRepeat;
}

/** An alert as the investor reads it, with the stock's name in the reader's language. */
export function alertView(market: MarketService, row: AlertRow, language: Language): Alert {
  const instrument = market.instrument(row.code);
  // An alert on a code this node no longer lists still reads, as stored.
  const price = (stored: string) =>
    instrument ? new Decimal(stored).toFixed(PRICE_DECIMALS[instrument.market]) : stored;
  return {
    id: row.id,
    code: row.code,
    name: instrument?.name[language] ?? row.code,
    market: instrument?.market ?? '',
    kind: row.kind,
    value: instrument ? valueView(instrument.market, row.kind, row.value) : row.value,
    repeat: row.repeat,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    firedAt: row.fired_at?.toISOString() ?? null,
    firedPrice: row.fired_price === null ? null : price(row.fired_price),
  };
}

/** The rule's value normalised for the stock's market; `bad_request` (field value) when its kind refuses it. */
function checkedValue(market: MarketService, code: string, rule: AlertRule): string {
  const instrument = market.instrument(code);
  if (!instrument) throw new DomainError('not_found', { field: 'code' });
  const value = alertValue(instrument.market, rule.kind, rule.value);
  if (value === null) throw new DomainError('bad_request', { field: 'value', kind: rule.kind });
  return value;
}

/** Locks the user's row so concurrent adds of one investor are counted one after another. */
async function lockUser(trx: Tx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/**
 * An investor's price alerts (SPEC §13.3): at most ALERT_LIMIT, each on a known stock with a
 * value its kind accepts. A refusal is thrown before anything is written.
 */
export const alertStore = {
  async list(db: Executor, userId: number, code: string | undefined): Promise<AlertRow[]> {
    let query = db.selectFrom('price_alerts').selectAll().where('user_id', '=', userId);
    if (code !== undefined) query = query.where('code', '=', code);
    return query.orderBy('id', 'desc').limit(ALERT_LIMIT).execute();
  },

  async add(db: DB, market: MarketService, userId: number, code: string, rule: AlertRule, now: Date) {
    const value = checkedValue(market, code, rule);
    return inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const { n } = await trx
        .selectFrom('price_alerts')
        .select(sql<string>`count(*)::text`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= ALERT_LIMIT) throw new DomainError('alert_limit', { limit: ALERT_LIMIT });
      return trx
        .insertInto('price_alerts')
        .values({
          user_id: userId,
          code,
          kind: rule.kind,
          value,
          repeat: rule.repeat,
          created_at: now,
          updated_at: now,
          fired_at: null,
          fired_price: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  },

  /**
   * A new version of the rule: the generation grows (its fires are its own, so a `once` alert
   * that fired watches again) and the last fire, which belonged to the old rule, is cleared.
   */
  async edit(db: DB, market: MarketService, userId: number, id: number, rule: AlertRule, now: Date) {
    return inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom('price_alerts')
        .select(['code'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new DomainError('not_found', { field: 'id' });
      const value = checkedValue(market, row.code, rule);
      return trx
        .updateTable('price_alerts')
        .set((eb) => ({
          kind: rule.kind,
          value,
          repeat: rule.repeat,
          active: true,
          generation: eb('generation', '+', 1),
          updated_at: now,
          fired_at: null,
          fired_price: null,
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  },

  async remove(db: Executor, userId: number, id: number): Promise<void> {
    const removed = await db
      .deleteFrom('price_alerts')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new DomainError('not_found', { field: 'id' });
  },
};
