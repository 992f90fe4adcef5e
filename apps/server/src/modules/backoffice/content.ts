import type { LANGUAGES } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { audit } from '../admin/port';
import { messages } from '../messages/port';
import type { NewsTable } from '../news/port';
import { adminCall, idParam, reasonField, refuseAdmin } from './http';
import { pageQuery } from './users';

const TITLE_MAX = 200;
const SUMMARY_MAX = 500;
const BODY_MAX = 20_000;
const SOURCE_MAX = 100;

/** Text in the three product languages (SPEC §1), each required. */
const i18nText = (max: number) => {
  const text = z.string().trim().min(1).max(max);
  return z.object({ cn: text, us: text, jp: text }).strict() satisfies z.ZodType<
    Record<(typeof LANGUAGES)[number], string>
  >;
};

/** News and messages (SPEC §6.6, §9 operator role). */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(
    app,
    {
      method: 'GET',
      url: '/api/admin/news',
      need: 'list',
      summary: 'News, newest first, in every language, with what was taken down (unpublishedAt)',
      query: pageQuery,
    },
    async ({ query }) => {
      const [rows, total] = await Promise.all([
        ctx.db
          .selectFrom('news')
          .select([
            'id',
            'title',
            'summary',
            'body',
            'source',
            'source_names',
            'codes',
            'sample',
            'views',
            'published_at',
            'unpublished_at',
          ])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.size)
          .offset((query.page - 1) * query.size)
          .execute(),
        ctx.db
          .selectFrom('news')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map(newsView),
        total: Number(total.n),
        page: query.page,
        size: query.size,
      };
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/news',
      need: 'list',
      summary:
        'Publish news {title, summary, body: {cn, us, jp}, sourceNames?: {cn, us, jp} (or source? in every language), codes?}',
      body: newsInput,
    },
    async ({ body, operator }) => {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const row = await trx
          .insertInto('news')
          .values({
            ...newsColumns(body),
            sample: false,
            codes: body.codes ?? [],
            published_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'news_publish',
            targetType: 'news',
            targetId: row.id,
            reason: null,
            details: { after: { title: body.title } },
          },
          now,
        );
        return { id: row.id };
      });
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/news/:id',
      need: 'list',
      summary:
        'Edit published news {title, summary, body, sourceNames?, codes?, reason}; refuses news_unpublished once taken down',
      params: idParam,
      body: newsInput.extend({ reason: reasonField }),
    },
    async ({ params, body, operator }) => {
      const now = ctx.clock.now();
      const { reason, ...input } = body;
      return inTransaction(ctx.db, async (trx) => {
        const before = await lockedNews(trx, params.id);
        const after = await trx
          .updateTable('news')
          .set({ ...newsColumns(input), ...(input.codes ? { codes: input.codes } : {}) })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'news_update',
            targetType: 'news',
            targetId: before.id,
            reason,
            details: { before: auditedNews(before), after: auditedNews(after) },
          },
          now,
        );
        return newsView(after);
      });
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/news/:id/unpublish',
      need: 'list',
      summary:
        'Take published news down {reason}: investors no longer see it; refuses news_unpublished when already down',
      params: idParam,
      body: z.object({ reason: reasonField }).strict(),
    },
    async ({ params, body, operator }) => {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const before = await lockedNews(trx, params.id);
        const after = await trx
          .updateTable('news')
          .set({ unpublished_at: now })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'news_unpublish',
            targetType: 'news',
            targetId: before.id,
            reason: body.reason,
            details: { before: auditedNews(before) },
          },
          now,
        );
        return newsView(after);
      });
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/messages',
      need: 'list',
      summary: 'Send a message {to: account or "all", title, body: {cn, us, jp}}',
      body: z
        .object({
          to: z.string().trim().min(1).max(64),
          title: i18nText(TITLE_MAX),
          body: i18nText(BODY_MAX),
        })
        .strict(),
    },
    async ({ body, operator }) => {
      let userId: number | null = null;
      if (body.to !== 'all') {
        const user = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('account', '=', body.to)
          .executeTakeFirst();
        if (!user) return refuseAdmin(404, 'account_missing', 'to');
        userId = user.id;
      }
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const id = await messages.send(
          trx,
          { userId, kind: 'notice', title: body.title, body: body.body },
          now,
        );
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'message_send',
            targetType: userId === null ? 'everyone' : 'user',
            targetId: userId ?? 'all',
            reason: null,
            details: { messageId: id, to: body.to, title: body.title },
          },
          now,
        );
        return { id };
      });
    },
  );
}

/** What an operator writes for an article; the source is given per language or once for all. */
const newsInput = z
  .object({
    title: i18nText(TITLE_MAX),
    summary: i18nText(SUMMARY_MAX),
    body: i18nText(BODY_MAX),
    source: z.string().trim().max(SOURCE_MAX).optional(),
    sourceNames: i18nText(SOURCE_MAX).optional(),
    codes: z
      .array(z.string().regex(/^[A-Za-z0-9.]{1,16}$/))
      .max(10)
      .optional(),
  })
  .strict();

/** The stored columns of an article's texts: the source kept in English beside its map by language. */
function newsColumns(input: z.output<typeof newsInput>) {
  return {
    title: JSON.stringify(input.title),
    summary: JSON.stringify(input.summary),
    body: JSON.stringify(input.body),
    source: input.sourceNames?.us ?? (input.source || 'Kabuto'),
    source_names: input.sourceNames ? JSON.stringify(input.sourceNames) : null,
  };
}

/** The article, locked; refused once taken down (nothing more can change it). */
async function lockedNews(trx: Executor, id: number) {
  const row = await trx.selectFrom('news').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return refuseAdmin(404, 'not_found', 'id');
  if (row.unpublished_at !== null) return refuseAdmin(409, 'news_unpublished', 'id');
  return row;
}

type NewsRow = Selectable<NewsTable>;

function newsView(r: Omit<NewsRow, 'created_at'>) {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    body: r.body,
    source: r.source,
    sourceNames: r.source_names,
    codes: r.codes,
    sample: r.sample,
    views: Number(r.views),
    publishedAt: r.published_at.toISOString(),
    unpublishedAt: r.unpublished_at?.toISOString() ?? null,
  };
}

/** An article as its audit entry records it. */
function auditedNews(r: NewsRow) {
  return { title: r.title, summary: r.summary, source: r.source, sourceNames: r.source_names };
}
