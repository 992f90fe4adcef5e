import { sql } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { checkInvariant } from '../../apps/server/src/ledger/ledger';
import { type Envelope, sameAnswer, type Workload } from './workload';

/**
 * What the database must show after a run, whatever was killed on the way:
 * - the ledger's invariant (checkInvariant: every currency sums to zero, stored balances equal
 *   their postings, no user balance of the wrong sign, every transaction balanced, no orphans);
 * - each user's frozen balances equal to what their business rows hold (pending orders' margin
 *   and fee, holding positions' margin, pending withdrawals), and every business row with exactly
 *   the ledger transactions its state calls for;
 * - every acknowledged operation present exactly once, and nothing present that no answer
 *   acknowledged; every cancel and close acknowledged is what happened to its position; of two
 *   closes sent at once, at most one acknowledged;
 * - every key sent more than once answered its first outcome each time; no call left without an
 *   answer after its retries; no idempotency claim left in progress.
 */
export interface CheckReport {
  checked: number;
  violations: string[];
}

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: DB, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

const idOf = (answer: Envelope | undefined) => Number((answer?.data as { id?: unknown } | undefined)?.id);

export async function checkRun(db: DB, workload: Workload): Promise<CheckReport> {
  const violations: string[] = [];
  let checked = 0;
  const flag = (message: string) => {
    if (violations.length < 200) violations.push(message);
  };

  // 1. The ledger.
  const invariant = await checkInvariant(db);
  checked++;
  if (!invariant.ok) flag(`ledger invariant: ${JSON.stringify(invariant)}`);

  const userIds = workload.sessions.map((s) => s.userId);
  const idList = sql.join(userIds);

  // 2. Balances against business rows.
  const frozen = await rows<{
    user_id: number;
    name: string;
    currency: string;
    balance: string;
    expected: string;
  }>(
    db,
    sql`
      WITH expected AS (
        SELECT user_id, 'frozen:order' AS name, currency,
               SUM(CASE WHEN state = 'pending' THEN margin_minor + fee_minor ELSE margin_minor END) AS amount
        FROM positions WHERE state IN ('pending', 'holding', 'closing') AND user_id IN (${idList})
        GROUP BY user_id, currency
        UNION ALL
        SELECT user_id, 'frozen:withdrawal', currency, SUM(amount_minor)
        FROM withdrawals WHERE state = 'pending' AND user_id IN (${idList})
        GROUP BY user_id, currency
      )
      SELECT a.user_id, a.name, a.currency, a.balance_minor::text AS balance,
             COALESCE(e.amount, 0)::text AS expected
      FROM ledger_accounts a
      LEFT JOIN expected e ON e.user_id = a.user_id AND e.name = a.name AND e.currency = a.currency
      WHERE a.user_id IN (${idList}) AND a.name IN ('frozen:order', 'frozen:withdrawal')
      UNION ALL
      SELECT e.user_id, e.name, e.currency, '0', e.amount::text FROM expected e
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE a.user_id = e.user_id AND a.name = e.name AND a.currency = e.currency)`,
  );
  for (const r of frozen) {
    checked++;
    if (r.balance !== r.expected)
      flag(
        `user ${r.user_id} ${r.name} ${r.currency}: balance ${r.balance}, business rows hold ${r.expected}`,
      );
  }

  // Each business row has exactly the ledger transactions its state calls for.
  const postedFor = await rows<{ ref_type: string; ref_id: number; kind: string; n: string }>(
    db,
    sql`SELECT ref_type, ref_id, kind, COUNT(*)::text AS n FROM ledger_transactions
        WHERE user_id IN (${idList}) AND ref_type IS NOT NULL GROUP BY ref_type, ref_id, kind`,
  );
  const posted = new Map<string, number>();
  for (const r of postedFor) posted.set(`${r.ref_type}:${r.ref_id}:${r.kind}`, Number(r.n));
  const count = (type: string, id: number, kind: string) => posted.get(`${type}:${id}:${kind}`) ?? 0;

  const positions = await rows<{
    id: number;
    user_id: number;
    state: string;
    open_price: string | null;
    order_type: string;
    close_reason: string | null;
  }>(
    db,
    sql`SELECT id, user_id, state, open_price::text, order_type, close_reason FROM positions WHERE user_id IN (${idList})`,
  );
  for (const p of positions) {
    checked++;
    const opened = count('position', p.id, 'order_open');
    const placed = count('position', p.id, 'order_place');
    const filled = count('position', p.id, 'order_fill');
    const cancelled = count('position', p.id, 'order_cancel') + count('position', p.id, 'order_expire');
    const closed = count('position', p.id, 'position_close') + count('position', p.id, 'stop_out');
    const wasFilled = opened + filled;
    const ok =
      opened + placed === 1 &&
      filled <= placed &&
      cancelled <= 1 &&
      closed <= 1 &&
      (p.state === 'pending'
        ? placed === 1 && filled === 0 && cancelled === 0
        : p.state === 'cancelled'
          ? placed === 1 && filled === 0 && cancelled === 1 && closed === 0
          : p.state === 'closed'
            ? wasFilled === 1 && closed === 1
            : wasFilled === 1 && closed === 0);
    if (!ok)
      flag(
        `position ${p.id} (${p.state}): ledger open ${opened}, place ${placed}, fill ${filled}, cancel ${cancelled}, close ${closed}`,
      );
  }

  const deposits = await rows<{ id: number; user_id: number; state: string }>(
    db,
    sql`SELECT id, user_id, state FROM deposits WHERE user_id IN (${idList})`,
  );
  for (const d of deposits) {
    checked++;
    const credited = count('deposit', d.id, 'deposit');
    if (credited !== (d.state === 'approved' ? 1 : 0))
      flag(`deposit ${d.id} (${d.state}) has ${credited} credits in the ledger`);
  }
  const withdrawals = await rows<{ id: number; user_id: number; state: string }>(
    db,
    sql`SELECT id, user_id, state FROM withdrawals WHERE user_id IN (${idList})`,
  );
  for (const w of withdrawals) {
    checked++;
    const freeze = count('withdrawal', w.id, 'withdrawal_freeze');
    const paid = count('withdrawal', w.id, 'withdrawal_paid');
    const released = count('withdrawal', w.id, 'withdrawal_release');
    const ok =
      freeze === 1 &&
      paid === (w.state === 'approved' ? 1 : 0) &&
      released === (w.state === 'rejected' ? 1 : 0);
    if (!ok) flag(`withdrawal ${w.id} (${w.state}): freeze ${freeze}, paid ${paid}, released ${released}`);
  }
  const exchanges = await rows<{ id: number; user_id: number }>(
    db,
    sql`SELECT id, user_id FROM exchanges WHERE user_id IN (${idList})`,
  );
  for (const x of exchanges) {
    checked++;
    if (count('exchange', x.id, 'exchange') !== 1)
      flag(`exchange ${x.id} has ${count('exchange', x.id, 'exchange')} ledger transactions`);
  }

  // 3. Every acknowledged operation present exactly once; nothing unacknowledged present.
  const present: Record<'order' | 'deposit' | 'withdraw' | 'exchange', Map<number, number>> = {
    order: new Map(positions.map((p) => [p.id, p.user_id])),
    deposit: new Map(deposits.map((d) => [d.id, d.user_id])),
    withdraw: new Map(withdrawals.map((w) => [w.id, w.user_id])),
    exchange: new Map(exchanges.map((x) => [x.id, x.user_id])),
  };
  const acknowledged: Record<keyof typeof present, Map<number, string>> = {
    order: new Map(),
    deposit: new Map(),
    withdraw: new Map(),
    exchange: new Map(),
  };
  const positionsById = new Map(positions.map((p) => [p.id, p]));
  const closesAcked = new Map<number, number>();
  for (const op of workload.ops) {
    checked++;
    if (op.unresolved) {
      flag(
        `${op.path} key ${op.key}: no answer after ${op.cutOffs} attempts (cut off, or the key stuck in progress)`,
      );
      continue;
    }
    const first = op.answers[0];
    if (!first) continue;
    // Every answer to one key is its first outcome.
    for (const later of op.answers.slice(1)) {
      if (!sameAnswer(first, later))
        flag(`${op.path} key ${op.key}: answered ${JSON.stringify(first)} then ${JSON.stringify(later)}`);
    }
    if (first.status !== 1) continue;
    if (op.kind === 'cancel' || op.kind === 'close') {
      const p = positionsById.get(op.target!);
      const want = op.kind === 'cancel' ? 'cancelled' : 'closed';
      if (!p || p.state !== want)
        flag(`${op.kind} of position ${op.target} acknowledged, position is ${p?.state}`);
      if (op.kind === 'close') closesAcked.set(op.target!, (closesAcked.get(op.target!) ?? 0) + 1);
      continue;
    }
    const id = idOf(first);
    const seen = acknowledged[op.kind];
    if (!Number.isSafeInteger(id)) {
      flag(`${op.path} key ${op.key}: acknowledged without an id`);
    } else if (seen.has(id)) {
      flag(`${op.kind} ${id} acknowledged to two keys: ${seen.get(id)} and ${op.key}`);
    } else {
      seen.set(id, op.key);
      if (present[op.kind].get(id) !== op.userId)
        flag(`${op.kind} ${id} acknowledged to user ${op.userId} (key ${op.key}) is not in the database`);
    }
  }
  for (const kind of Object.keys(present) as Array<keyof typeof present>) {
    for (const id of present[kind].keys()) {
      checked++;
      if (!acknowledged[kind].has(id)) flag(`${kind} ${id} is in the database but no answer acknowledged it`);
    }
  }
  for (const [id, n] of closesAcked) {
    if (n > 1) flag(`position ${id} closed ${n} times by acknowledged closes`);
  }

  // Reviews: what the back office was told it did is what the rows say.
  for (const d of workload.decisions) {
    if (d.http !== 200) continue;
    checked++;
    const list = d.kind === 'deposit' ? deposits : withdrawals;
    const row = list.find((r) => r.id === d.id);
    const want = d.decision === 'approve' ? 'approved' : 'rejected';
    if (row?.state !== want) flag(`${d.kind} ${d.id}: ${d.decision} acknowledged, row is ${row?.state}`);
  }

  // No idempotency claim left in progress (a retry of it would never get its answer).
  const stuck = await rows<{ key: string; path: string }>(
    db,
    sql`SELECT key, path FROM idempotency_keys WHERE status_code = 0 AND user_id IN (${idList})`,
  );
  checked++;
  for (const s of stuck) flag(`idempotency key ${s.key} (${s.path}) left in progress`);

  return { checked, violations };
}
