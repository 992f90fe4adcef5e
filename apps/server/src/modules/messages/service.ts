import type { Language } from '@kabuto/contract';
import { LANGUAGES } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/** Text in the three product languages; a message is stored in all three and read in one. */
export type I18nText = Record<Language, string>;

export interface OutgoingMessage {
  /** null = broadcast to everyone. */
  userId: number | null;
  /** review_outcome, stop_out, lottery, fill, notice, … */
  kind: string;
  title: I18nText;
  body: I18nText;
}

export interface MessageView {
  id: number;
  title: string;
  body: string;
  kind: string;
  broadcast: boolean;
  read: boolean;
  createdAt: string;
}

export function pickLanguage(value: unknown, fallback: string): Language {
  if (typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  if ((LANGUAGES as readonly string[]).includes(fallback)) return fallback as Language;
  return 'jp';
}

/** Messages (SPEC §6.6): later features send review outcomes, stop-outs, lottery results and fills here. */
export const messages = {
  /** Sends inside the caller's transaction, so the message exists exactly when the event does. */
  async send(db: Executor, message: OutgoingMessage, now: Date): Promise<number> {
    const row = await db
      .insertInto('messages')
      .values(messages.row(message, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The row a message is stored as, for a caller that inserts it within a larger statement. */
  row(message: OutgoingMessage, now: Date) {
    return {
      user_id: message.userId,
      kind: message.kind,
      title: JSON.stringify(message.title),
      body: JSON.stringify(message.body),
      created_at: now,
    };
  },

  async list(db: Executor, userId: number, language: Language, page: number, size: number) {
    const visible = db
      .selectFrom('messages')
      .where((eb) => eb.or([eb('messages.user_id', '=', userId), eb('messages.user_id', 'is', null)]));
    const [rows, total] = await Promise.all([
      visible
        .leftJoin('message_reads', (join) =>
          join.onRef('message_reads.message_id', '=', 'messages.id').on('message_reads.user_id', '=', userId),
        )
        .select([
          'messages.id',
          'messages.user_id',
          'messages.kind',
          'messages.title',
          'messages.body',
          'messages.created_at',
        ])
        .select('message_reads.read_at')
        .orderBy('messages.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      visible.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const list: MessageView[] = rows.map((r) => ({
      id: r.id,
      title: r.title[language] ?? r.title.jp ?? '',
      body: r.body[language] ?? r.body.jp ?? '',
      kind: r.kind,
      broadcast: r.user_id === null,
      read: r.read_at !== null,
      createdAt: r.created_at.toISOString(),
    }));
    return { list, page, size, total: Number(total.n) };
  },

  /** One message, marked read. Null when it does not exist or is someone else's. */
  async open(
    db: Executor,
    userId: number,
    id: number,
    language: Language,
    now: Date,
  ): Promise<MessageView | null> {
    const row = await db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
      .executeTakeFirst();
    if (!row) return null;
    await db
      .insertInto('message_reads')
      .values({ user_id: userId, message_id: id, read_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
    return {
      id: row.id,
      title: row.title[language] ?? row.title.jp ?? '',
      body: row.body[language] ?? row.body.jp ?? '',
      kind: row.kind,
      broadcast: row.user_id === null,
      read: true,
      createdAt: row.created_at.toISOString(),
    };
  },

  async unreadCount(db: Executor, userId: number): Promise<number> {
    const row = await db
      .selectFrom('messages')
      .leftJoin('message_reads', (join) =>
        join.onRef('message_reads.message_id', '=', 'messages.id').on('message_reads.user_id', '=', userId),
      )
      .select(sql<string>`count(*)::text`.as('n'))
      .where((eb) => eb.or([eb('messages.user_id', '=', userId), eb('messages.user_id', 'is', null)]))
      .where('message_reads.read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
