import { admin, CURRENCIES, type Currency, minorToDecimal, PAGE_SIZE_MAX } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { type Balances, frozenTotal, userBalances } from '../../ledger/ledger';
import { audit } from '../admin/port';
import { ledgerRecords } from '../users/port';
import { adminCall, refuseAdmin } from './http';

const SEARCH_LIMIT = 50;
const RECENT_RECORDS = 10;
const SESSIONS_SHOWN = 50;
const APPLICATIONS_SHOWN = PAGE_SIZE_MAX;

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Balances with something in them, as decimal strings per currency. */
export function balanceView(balances: Balances) {
  return CURRENCIES.flatMap((currency) => {
    const b = balances[currency];
    const frozen = frozenTotal(b);
    if (b.available === 0 && frozen === 0 && b.debt === 0) return [];
    return [
      {
        currency,
        available: minorToDecimal(b.available, currency),
        frozen: minorToDecimal(frozen, currency),
        debt: minorToDecimal(-b.debt, currency),
      },
    ];
  });
}

export async function userRow(ctx: AppContext, id: number) {
  const user = await ctx.db
    .selectFrom('users')
    .select([
      'id',
      'account',
      'real_name',
      'kyc_state',
      'language',
      'credit_score',
      'banned',
      'frozen',
      'trade_barred',
      'flag_reason',
      'locked_until',
      'fund_password_hash',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return refuseAdmin(404, 'not_found', 'id');
  return user;
}

type UserRow = Awaited<ReturnType<typeof userRow>>;

function userView(u: UserRow) {
  return {
    id: u.id,
    account: u.account,
    realName: u.real_name,
    kyc: u.kyc_state,
    language: u.language,
    creditScore: u.credit_score,
    fundPasswordSet: u.fund_password_hash !== null,
    lockedUntil: u.locked_until?.toISOString() ?? null,
    flags: { banned: u.banned, frozen: u.frozen, tradeBarred: u.trade_barred, reason: u.flag_reason },
    createdAt: u.created_at.toISOString(),
  };
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.users.search, async ({ query }) => {
    const pattern = likePattern(query.q);
    const digits = query.q.replace(/[\s-]/g, '');
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'account', 'real_name', 'kyc_state', 'banned', 'frozen', 'trade_barred', 'created_at'])
      .where((eb) =>
        eb.or([
          eb('account', 'ilike', pattern),
          eb('real_name', 'ilike', pattern),
          ...(/^\d{4,}$/.test(digits)
            ? [
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('bank_cards')
                    .select('user_id')
                    .where('card_number', 'like', likePattern(digits)),
                ),
              ]
            : []),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(SEARCH_LIMIT)
      .execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        account: r.account,
        realName: r.real_name,
        kyc: r.kyc_state,
        flags: { banned: r.banned, frozen: r.frozen, tradeBarred: r.trade_barred },
        createdAt: r.created_at.toISOString(),
      })),
    };
  });

  adminCall(app, admin.users.detail, async ({ params }) => {
    const user = await userRow(ctx, params.id);
    const [balances, cards] = await Promise.all([
      userBalances(ctx.db, user.id),
      ctx.db
        .selectFrom('bank_cards')
        .select(['id', 'holder', 'card_number', 'institution', 'branch', 'deleted_at'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute(),
    ]);
    return {
      user: userView(user),
      balances: balanceView(balances),
      cards: cards.map((c) => ({
        id: c.id,
        holder: c.holder,
        cardNumber: c.card_number,
        institution: c.institution,
        branch: c.branch,
        unbound: c.deleted_at !== null,
      })),
    };
  });

  // SPEC §9: a reviewer sees the user's context beside a review item.
  adminCall(app, admin.users.context, async ({ params }) => {
    const user = await userRow(ctx, params.id);
    const [balances, records] = await Promise.all([
      userBalances(ctx.db, user.id),
      ledgerRecords(ctx, user.id, 1, RECENT_RECORDS),
    ]);
    return { user: userView(user), balances: balanceView(balances), recentRecords: records.list };
  });

  adminCall(app, admin.users.ledger, async ({ params, query }) => {
    await userRow(ctx, params.id);
    const base = ctx.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .where('a.user_id', '=', params.id);
    const [rows, total] = await Promise.all([
      base
        .select([
          'p.id',
          'p.amount_minor',
          'p.balance_after_minor',
          'a.name as account',
          'a.currency',
          't.id as transaction_id',
          't.kind',
          't.order_no',
          't.memo',
          't.created_at',
        ])
        .orderBy('p.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => {
        const currency = r.currency as Currency;
        return {
          id: r.id,
          transactionId: r.transaction_id,
          kind: r.kind,
          orderNo: r.order_no,
          account: r.account,
          currency,
          amount: minorToDecimal(r.amount_minor, currency),
          balanceAfter:
            r.balance_after_minor === null ? null : minorToDecimal(r.balance_after_minor, currency),
          memo: r.memo,
          createdAt: r.created_at.toISOString(),
        };
      }),
      total: Number(total.n),
      page: query.page,
      size: query.size,
    };
  });

  adminCall(app, admin.users.positions, async ({ params, query }) => {
    await userRow(ctx, params.id);
    const base = ctx.db.selectFrom('positions').where('user_id', '=', params.id);
    const [rows, total] = await Promise.all([
      base
        .select([
          'id',
          'order_no',
          'code',
          'market',
          'currency',
          'direction',
          'order_type',
          'mode',
          'leverage',
          'quantity',
          'open_price',
          'close_price',
          'margin_minor',
          'realised_pnl_minor',
          'state',
          'close_reason',
          'created_at',
          'closed_at',
        ])
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => {
        const currency = r.currency as Currency;
        return {
          id: r.id,
          orderNo: r.order_no,
          code: r.code,
          market: r.market,
          currency,
          direction: r.direction,
          orderType: r.order_type,
          mode: r.mode,
          leverage: r.leverage,
          quantity: r.quantity,
          openPrice: r.open_price,
          closePrice: r.close_price,
          margin: minorToDecimal(r.margin_minor, currency),
          realisedPnl: r.realised_pnl_minor === null ? null : minorToDecimal(r.realised_pnl_minor, currency),
          state: r.state,
          closeReason: r.close_reason,
          createdAt: r.created_at.toISOString(),
          closedAt: r.closed_at?.toISOString() ?? null,
        };
      }),
      total: Number(total.n),
      page: query.page,
      size: query.size,
    };
  });

  adminCall(app, admin.users.sessions, async ({ params }) => {
    await userRow(ctx, params.id);
    const rows = await ctx.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ended_at'])
      .where('user_id', '=', params.id)
      .orderBy('id', 'desc')
      .limit(SESSIONS_SHOWN)
      .execute();
    const now = ctx.clock.now().getTime();
    return {
      list: rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at.toISOString(),
        lastSeenAt: r.last_seen_at.toISOString(),
        expiresAt: r.expires_at.toISOString(),
        endedAt: r.ended_at?.toISOString() ?? null,
        active: r.ended_at === null && r.expires_at.getTime() > now,
      })),
    };
  });

  adminCall(app, admin.users.applications, async ({ params }) => {
    await userRow(ctx, params.id);
    const { list } = await app.reviewQueue.list({
      state: 'all',
      userId: params.id,
      page: 1,
      size: APPLICATIONS_SHOWN,
    });
    return {
      list: list.map((r) => ({
        kind: r.kind,
        id: r.id,
        state: r.state,
        amount: typeof r.details.amount === 'string' ? r.details.amount : null,
        currency: typeof r.details.currency === 'string' ? r.details.currency : null,
        reason: r.reason,
        reviewer: r.reviewer,
        createdAt: r.createdAt,
        reviewedAt: r.reviewedAt,
      })),
    };
  });

  // SPEC §5 account flags: each set or lifted with a reason the user sees (§0.6 audited).
  adminCall(app, admin.users.flags, async ({ params, body, operator }) => {
    const before = await userRow(ctx, params.id);
    const after = {
      banned: body.banned ?? before.banned,
      frozen: body.frozen ?? before.frozen,
      trade_barred: body.tradeBarred ?? before.trade_barred,
    };
    const anyFlag = after.banned || after.frozen || after.trade_barred;
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...after, flag_reason: anyFlag ? body.reason : null })
        .where('id', '=', params.id)
        .execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'user_flags',
          targetType: 'user',
          targetId: params.id,
          reason: body.reason,
          details: {
            account: before.account,
            before: {
              banned: before.banned,
              frozen: before.frozen,
              tradeBarred: before.trade_barred,
              reason: before.flag_reason,
            },
            after: {
              banned: after.banned,
              frozen: after.frozen,
              tradeBarred: after.trade_barred,
              reason: anyFlag ? body.reason : null,
            },
          },
        },
        ctx.clock.now(),
      );
    });
    // The session cache keeps the user's row for a moment; the new flags apply at once.
    ctx.sessions.forgetUser(params.id);
    return { user: userView(await userRow(ctx, params.id)) };
  });
}
