import { admin } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { audit } from '../admin/port';
import { messages } from '../messages/port';
import type { NewsTable } from '../news/port';
import { adminCall, changeWithReason, refuseAdmin } from './http';
/** News and messages (SPEC §6.6, §9 operator role). */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.content.newsList, async ({ query }) => {
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
  });

  adminCall(app, admin.content.newsPublish, async ({ body, operator }) => {
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
  });

  adminCall(app, admin.content.newsEdit, async ({ params, body, operator }) => {
    const { reason, ...input } = body;
    return changeWithReason(ctx, {
      operator,
      reason,
      action: 'news_update',
      targetType: 'news',
      load: (trx) => lockedNews(trx, params.id),
      apply: async (trx, before) => {
        const after = await trx
          .updateTable('news')
          .set({ ...newsColumns(input), ...(input.codes ? { codes: input.codes } : {}) })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return {
          answer: newsView(after),
          details: { before: auditedNews(before), after: auditedNews(after) },
        };
      },
    });
  });

  adminCall(app, admin.content.newsUnpublish, async ({ params, body, operator }) =>
    changeWithReason(ctx, {
      operator,
      reason: body.reason,
      action: 'news_unpublish',
      targetType: 'news',
      load: (trx) => lockedNews(trx, params.id),
      apply: async (trx, before, now) => {
        const after = await trx
          .updateTable('news')
          .set({ unpublished_at: now })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { answer: newsView(after), details: { before: auditedNews(before) } };
      },
    }),
  );

  adminCall(app, admin.content.messageSend, async ({ body, operator }) => {
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
  });
}

/** The stored columns of an article's texts: the source kept in English beside its map by language. */
function newsColumns(input: admin.NewsInput) {
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
