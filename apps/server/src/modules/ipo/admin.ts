import {
  admin,
  type Currency,
  Decimal,
  MARKET_CURRENCY,
  MAX_LOTTERY_SAMPLE,
  minorToDecimal,
  PRICE_DECIMALS,
} from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { SECTORS } from '../../market/universe';
import { audit } from '../admin/port';
import { adminCall, changeWithReason, refuseAdmin } from '../backoffice/port';
import { frozenMinor, type IpoContext } from './context';
import type { NewShare } from './tables';

export type NewShareInput = admin.NewShareInput;

/** Why a listing is refused (the field at fault), or null. */
export function listingProblem(input: NewShareInput): string | null {
  const t = (s: string) => new Date(s).getTime();
  if (input.minQuantity > input.maxQuantity) return 'minQuantity';
  // Applications and the draw are in units of the minimum (service.ts lotOf).
  if (input.maxQuantity % input.minQuantity !== 0) return 'maxQuantity';
  if (input.offeredQuantity % input.minQuantity !== 0) return 'offeredQuantity';
  const price = new Decimal(input.price);
  if (price.lte(0) || price.decimalPlaces() > PRICE_DECIMALS[input.market]) return 'price';
  if (!(t(input.opensAt) < t(input.closesAt))) return 'closesAt';
  if (!(t(input.closesAt) <= t(input.lotteryAt))) return 'lotteryAt';
  if (!(t(input.lotteryAt) < t(input.payUntil))) return 'payUntil';
  if (!(t(input.payUntil) <= t(input.listsAt))) return 'listsAt';
  return null;
}

/**
 * A listing whose draw could not run is refused: the units offered (offered ÷ minimum) bound the
 * tickets a draw samples, which may not pass MAX_LOTTERY_SAMPLE (docs/decisions.md).
 */
export function offerAboveDrawLimit(input: Pick<NewShareInput, 'offeredQuantity' | 'minQuantity'>): boolean {
  return Math.floor(input.offeredQuantity / input.minQuantity) > MAX_LOTTERY_SAMPLE;
}

export function adminShareView(share: NewShare) {
  return {
    id: share.id,
    code: share.code,
    market: share.market,
    currency: share.currency,
    name: share.name,
    sector: share.sector,
    state: share.state,
    price: new Decimal(share.price).toFixed(),
    provisionalPrice: share.provisional_price,
    pe: share.pe === null ? null : new Decimal(share.pe).toFixed(),
    leadUnderwriter: share.lead_underwriter,
    issueMarket: share.issue_market,
    /** The two above in each language, or null when the text is the same in every language. */
    leadUnderwriterNames: share.lead_underwriter_names,
    issueMarketNames: share.issue_market_names,
    offeredQuantity: share.offered_quantity,
    minQuantity: share.min_quantity,
    maxQuantity: share.max_quantity,
    sharesOutstanding: share.shares_outstanding,
    opensAt: share.opens_at.toISOString(),
    closesAt: share.closes_at.toISOString(),
    lotteryAt: share.lottery_at.toISOString(),
    payUntil: share.pay_until.toISOString(),
    listsAt: share.lists_at.toISOString(),
    firstPrice: share.first_price === null ? null : new Decimal(share.first_price).toFixed(),
    createdAt: share.created_at.toISOString(),
  };
}

/** A name as stored: the text (English when given per language) and the map by language. */
function namesColumns<C extends 'lead_underwriter' | 'issue_market'>(
  column: C,
  value: admin.ipo.NameOrNames,
): Record<C, string> & Record<`${C}_names`, string | null> {
  const text = typeof value === 'string' ? value : value.us;
  const names = typeof value === 'string' ? null : JSON.stringify(value);
  return { [column]: text, [`${column}_names`]: names } as Record<C, string> &
    Record<`${C}_names`, string | null>;
}

/** The columns an operator writes, as stored (a listing and a change). */
function shareColumns(input: NewShareInput) {
  return {
    name: JSON.stringify(input.name),
    sector: input.sector,
    price: input.price,
    provisional_price: input.provisionalPrice,
    pe: input.pe ?? null,
    ...namesColumns('lead_underwriter', input.leadUnderwriter),
    ...namesColumns('issue_market', input.issueMarket),
    offered_quantity: input.offeredQuantity,
    min_quantity: input.minQuantity,
    max_quantity: input.maxQuantity,
    shares_outstanding: input.sharesOutstanding,
    opens_at: new Date(input.opensAt),
    closes_at: new Date(input.closesAt),
    lottery_at: new Date(input.lotteryAt),
    pay_until: new Date(input.payUntil),
    lists_at: new Date(input.listsAt),
  };
}

/** Inserts a new share (the back office's listing and the demo seed). */
export async function insertShare(
  ctx: IpoContext,
  input: NewShareInput,
  operatorId: number | null,
  reason: string | null,
): Promise<NewShare> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const share = await trx
      .insertInto('new_shares')
      .values({
        code: input.code,
        market: input.market,
        currency: MARKET_CURRENCY[input.market],
        ...shareColumns(input),
        first_price: null,
        created_by: operatorId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      {
        operatorId,
        action: 'new_share_list',
        targetType: 'new_share',
        targetId: share.id,
        reason,
        details: { after: adminShareView(share) },
      },
      now,
    );
    return share;
  });
}

/** Back-office calls for new shares (SPEC §9 operator role). */
export function ipoAdminRoutes(app: FastifyInstance, ctx: IpoContext): void {
  adminCall(app, admin.ipo.list, async ({ query }) => {
    const [rows, total] = await Promise.all([
      ctx.db
        .selectFrom('new_shares')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      ctx.db
        .selectFrom('new_shares')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.id);
    const counts =
      ids.length === 0
        ? []
        : await ctx.db
            .selectFrom('ipo_subscriptions')
            .select([
              'share_id',
              (eb) => eb.fn.countAll<string>().as('n'),
              (eb) => eb.fn.sum<string>('quantity').as('q'),
            ])
            .where('share_id', 'in', ids)
            .groupBy('share_id')
            .execute();
    return {
      list: rows.map((r) => {
        const c = counts.find((x) => x.share_id === r.id);
        return {
          ...adminShareView(r),
          applications: Number(c?.n ?? 0),
          appliedQuantity: Number(c?.q ?? 0),
        };
      }),
      total: Number(total.n),
      page: query.page,
      size: query.size,
    };
  });

  adminCall(app, admin.ipo.detail, async ({ params }) => {
    const share = await ctx.db
      .selectFrom('new_shares')
      .selectAll()
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!share) return refuseAdmin(404, 'not_found', 'id');
    const [subs, draw] = await Promise.all([
      ctx.db
        .selectFrom('ipo_subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .selectAll('s')
        .select('u.account')
        .where('s.share_id', '=', share.id)
        .orderBy('s.id')
        .limit(500)
        .execute(),
      ctx.db.selectFrom('ipo_draws').selectAll().where('share_id', '=', share.id).executeTakeFirst(),
    ]);
    const currency = share.currency as Currency;
    return {
      share: adminShareView(share),
      subscriptions: subs.map((s) => ({
        id: s.id,
        orderNo: s.order_no,
        account: s.account,
        quantity: s.quantity,
        amount: minorToDecimal(s.amount_minor, currency),
        wonQuantity: s.won_quantity,
        frozen: minorToDecimal(frozenMinor(s), currency),
        state: s.state,
        createdAt: s.created_at.toISOString(),
      })),
      draw: draw
        ? {
            seed: draw.seed,
            inputsDigest: draw.inputs_digest,
            algorithm: draw.algorithm,
            applications: draw.applications.length,
            winners: draw.winners.length,
            drawnAt: draw.drawn_at.toISOString(),
          }
        : null,
    };
  });

  adminCall(app, admin.ipo.create, async ({ body, operator }) => {
    if (!(body.sector in SECTORS)) return refuseAdmin(400, 'bad_request', 'sector');
    const problem = listingProblem(body);
    if (problem) return refuseAdmin(400, 'bad_request', problem);
    if (offerAboveDrawLimit(body)) return refuseAdmin(400, 'offer_above_draw_limit', 'offeredQuantity');
    if (ctx.market.instrument(body.code)) return refuseAdmin(409, 'code_taken', 'code');
    const taken = await ctx.db
      .selectFrom('new_shares')
      .select('id')
      .where('code', '=', body.code)
      .executeTakeFirst();
    if (taken) return refuseAdmin(409, 'code_taken', 'code');
    return adminShareView(await insertShare(ctx, body, operator.id, null));
  });

  adminCall(app, admin.ipo.update, async ({ params, body, operator }) => {
    const { reason, ...fields } = body;
    if (!(fields.sector in SECTORS)) return refuseAdmin(400, 'bad_request', 'sector');
    return changeWithReason(ctx, {
      operator,
      reason,
      action: 'new_share_update',
      targetType: 'new_share',
      load: (trx, now) => upcomingShare(trx, params.id, now),
      apply: async (trx, before, now) => {
        const input: NewShareInput = { ...fields, code: before.code, market: before.market };
        const problem = listingProblem(input);
        if (problem) return refuseAdmin(400, 'bad_request', problem);
        if (offerAboveDrawLimit(input)) return refuseAdmin(400, 'offer_above_draw_limit', 'offeredQuantity');
        // The subscription may not be moved to a moment already past: it would open unannounced.
        if (new Date(input.opensAt).getTime() <= now.getTime())
          return refuseAdmin(400, 'bad_request', 'opensAt');
        const after = await trx
          .updateTable('new_shares')
          .set(shareColumns(input))
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return {
          answer: adminShareView(after),
          details: { before: adminShareView(before), after: adminShareView(after) },
        };
      },
    });
  });

  adminCall(app, admin.ipo.withdraw, async ({ params, body, operator }) =>
    changeWithReason(ctx, {
      operator,
      reason: body.reason,
      action: 'new_share_withdraw',
      targetType: 'new_share',
      load: (trx, now) => upcomingShare(trx, params.id, now),
      apply: async (trx, share) => {
        await trx.deleteFrom('new_shares').where('id', '=', share.id).execute();
        return { answer: { ok: true }, details: { before: adminShareView(share) } };
      },
    }),
  );
}

/**
 * The share locked for a change or a withdrawal, refused (`not_upcoming`) once its subscription
 * has opened: before it nobody can have applied, so nothing is held for it, and applying checks
 * the window under this row, so none lands meanwhile.
 */
async function upcomingShare(trx: Executor, id: number, now: Date): Promise<NewShare> {
  const share = await trx
    .selectFrom('new_shares')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!share) return refuseAdmin(404, 'not_found', 'id');
  if (share.state !== 'upcoming' || share.opens_at.getTime() <= now.getTime())
    return refuseAdmin(409, 'not_upcoming', 'id');
  const applied = await trx
    .selectFrom('ipo_subscriptions')
    .select('id')
    .where('share_id', '=', share.id)
    .executeTakeFirst();
  if (applied) return refuseAdmin(409, 'not_upcoming', 'id');
  return share;
}
