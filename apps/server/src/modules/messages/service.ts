import type { Currency, Language, MessageKey, MessageParam, MessageTemplate } from '@kabuto/contract';
import { LANGUAGES, minorToDecimal, plainParam, renderMessage } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/** Text in the three product languages; a message is stored in all three and read in one. */
export type I18nText = Record<Language, string>;

/** A message written out in every language (an operator's), or one of the catalogue's by key. */
export type MessageContent = { title: I18nText; body: I18nText } | { template: MessageTemplate };

/**
 * Every kind of message the server sends. Each one's notification switch (SPEC §13.3) is decided
 * in modules/notify/kinds.ts, which fails to compile while a kind here has no decision.
 */
export const MESSAGE_KINDS = [
  'alert',
  'fill',
  'order_expired',
  'order_triggered',
  'stop_out',
  'review_outcome',
  'lottery',
  'loan_overdue',
  'copy_ended',
  'day_trade',
  'security',
  'notice',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type OutgoingMessage = {
  /** null = broadcast to everyone. */
  userId: number | null;
  kind: MessageKind;
} & MessageContent;

/** An amount as a message parameter, for the reader's app to write in its currency rules. */
export const moneyParam = (minor: number, currency: Currency): MessageParam => ({
  money: minorToDecimal(minor, currency),
  currency,
});

/** How a review reason reads inside a message: the operator's words, or a dash when none was given. */
export const reasonText = (reason: string | null) => reason ?? '-';

/**
 * A review's outcome message (SPEC §0.6: outcome and reason): `<kind>_approved` with its own
 * figures, or `<kind>_rejected` with the reason; both name the order when there is one.
 */
export function reviewOutcome(
  kind: 'deposit' | 'withdrawal' | 'kyc' | 'loan' | 'block',
  decision: { decision: 'approve' | 'reject'; reason: string | null },
  params: { order?: string; approved?: Record<string, MessageParam> },
): MessageContent {
  const order: Record<string, MessageParam> = params.order ? { order: { text: params.order } } : {};
  return decision.decision === 'approve'
    ? { template: { key: `${kind}_approved` as MessageKey, params: { ...order, ...params.approved } } }
    : {
        template: {
          key: `${kind}_rejected` as MessageKey,
          params: { ...order, reason: { text: reasonText(decision.reason) } },
        },
      };
}

/** The texts stored with a message: a catalogue message is also kept rendered plainly. */
function textsOf(message: MessageContent): { title: I18nText; body: I18nText } {
  if (!('template' in message)) return message;
  const rendered = Object.fromEntries(
    LANGUAGES.map((language) => [language, renderMessage(message.template, language, plainParam)!]),
  ) as Record<Language, { title: string; body: string }>;
  const pick = (part: 'title' | 'body') =>
    Object.fromEntries(LANGUAGES.map((language) => [language, rendered[language][part]])) as I18nText;
  return { title: pick('title'), body: pick('body') };
}

export interface MessageView {
  id: number;
  title: string;
  body: string;
  kind: string;
  broadcast: boolean;
  read: boolean;
  createdAt: string;
  /** Which catalogue message it is and its figures, for the reader's app to format; null for an operator's. */
  template: MessageTemplate | null;
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

  /** Sends many messages in one statement, inside the caller's transaction. */
  async sendMany(db: Executor, list: readonly OutgoingMessage[], now: Date): Promise<void> {
    if (list.length === 0) return;
    await db
      .insertInto('messages')
      .values(list.map((message) => messages.row(message, now)))
      .execute();
  },

  /** The row a message is stored as, for a caller that inserts it within a larger statement. */
  row(message: OutgoingMessage, now: Date) {
    const texts = textsOf(message);
    return {
      user_id: message.userId,
      kind: message.kind,
      title: JSON.stringify(texts.title),
      body: JSON.stringify(texts.body),
      template: 'template' in message ? JSON.stringify(message.template) : null,
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
          'messages.template',
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
      template: r.template,
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
      template: row.template,
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
