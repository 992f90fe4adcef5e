import { NOTIFY_KINDS, type NotifyKind } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import './tables';

export type Switches = Record<NotifyKind, boolean>;

function switchesOf(off: readonly string[]): Switches {
  return Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, !off.includes(kind)])) as Switches;
}

/** The investor's switches: every kind is on until turned off. */
export async function readSwitches(db: Executor, userId: number): Promise<Switches> {
  const row = await db
    .selectFrom('notify_settings')
    .select('off')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return switchesOf(row?.off ?? []);
}

/** The kinds each investor turned off, for many investors at once (absent: none). */
export async function offKinds(db: Executor, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const off = new Map<number, Set<string>>();
  if (userIds.length === 0) return off;
  const rows = await db
    .selectFrom('notify_settings')
    .select(['user_id', 'off'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) off.set(row.user_id, new Set(row.off));
  return off;
}

/**
 * Turns the given kinds on or off, leaving the others as they are. One statement, so two changes
 * of different switches at once both stand.
 */
export async function changeSwitches(
  db: Executor,
  userId: number,
  change: Partial<Switches>,
  now: Date,
): Promise<Switches> {
  const turnOff = NOTIFY_KINDS.filter((kind) => change[kind] === false);
  const turnOn = NOTIFY_KINDS.filter((kind) => change[kind] === true);
  const row = await sql<{ off: string[] }>`
    INSERT INTO notify_settings (user_id, off, updated_at)
    VALUES (${userId}, ${turnOff}::text[], ${now})
    ON CONFLICT (user_id) DO UPDATE SET
      off = ARRAY(
        SELECT DISTINCT k FROM unnest(notify_settings.off || ${turnOff}::text[]) AS k
        WHERE NOT (k = ANY(${turnOn}::text[])) ORDER BY k
      ),
      updated_at = ${now}
    RETURNING off`.execute(db);
  return switchesOf(row.rows[0]?.off ?? turnOff);
}
