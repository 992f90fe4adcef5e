import type { LANGUAGES } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { audit } from '../admin/auth';
import { messages } from '../messages/service';
import { adminCall, refuseAdmin } from './http';
import { pageQuery } from './users';

const TITLE_MAX = 200;
const SUMMARY_MAX = 500;
const BODY_MAX = 20_000;

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
      summary: 'Published news, newest first, in every language',
      query: pageQuery,
    },
    async ({ query }) => {
      const [rows, total] = await Promise.all([
        ctx.db
          .selectFrom('news')
          .select(['id', 'title', 'source', 'sample', 'views', 'published_at'])
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
        list: rows.map((r) => ({
          id: r.id,
          title: r.title,
          source: r.source,
          sample: r.sample,
          views: Number(r.views),
          publishedAt: r.published_at.toISOString(),
        })),
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
      summary: 'Publish news {title, summary, body: {cn, us, jp}, source?, codes?}',
      body: z
        .object({
          title: i18nText(TITLE_MAX),
          summary: i18nText(SUMMARY_MAX),
          body: i18nText(BODY_MAX),
          source: z.string().trim().max(100).optional(),
          codes: z
            .array(z.string().regex(/^[A-Za-z0-9.]{1,16}$/))
            .max(10)
            .optional(),
        })
        .strict(),
    },
    async ({ body, operator }) => {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const row = await trx
          .insertInto('news')
          .values({
            title: JSON.stringify(body.title),
            summary: JSON.stringify(body.summary),
            body: JSON.stringify(body.body),
            source: body.source || 'Kabuto',
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
