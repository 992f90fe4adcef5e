import { randomInt } from 'node:crypto';
import {
  CURRENCIES,
  type Currency,
  type Language,
  MARKET_CURRENCY,
  MARKETS,
  type Market,
  minorToDecimal,
} from '@kabuto/contract';
import { loanableQuotaMinor } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { DomainError } from '../../errors';
import { hashPassword, newToken, type User, verifyPassword } from '../../http/auth';
import { type Balances, frozenTotal, userBalances } from '../../ledger/ledger';

/** Value of a user's open positions per currency; the trading module provides it. */
export interface Valuation {
  positionValueMinor: number;
  unrealisedPnlMinor: number;
}
export type ValuationProvider = (userId: number) => Promise<Partial<Record<Currency, Valuation>>>;

declare module '../../context' {
  interface AppContext {
    /** Providers of open-position value (trading, later copy trading); summed per currency. */
    valuations: ValuationProvider[];
  }
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** SPEC §6.1: in the `us` language a ten-digit mobile number; otherwise 6–20 letters or digits. */
export function accountNameValid(account: string, language: Language): boolean {
  return language === 'us' ? /^\d{10}$/.test(account) : /^[A-Za-z0-9]{6,20}$/.test(account);
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;

export async function register(
  ctx: AppContext,
  input: {
    account: string;
    password: string;
    repassword: string;
    invite_code: string;
    agree: boolean;
    language: Language;
  },
): Promise<{ token: string; account: string }> {
  if (!accountNameValid(input.account, input.language))
    throw new DomainError('bad_request', { field: 'account' });
  if (input.password !== input.repassword)
    throw new DomainError('password_mismatch', { field: 'repassword' });
  if (!input.agree) throw new DomainError('agreement_required', { field: 'agree' });
  if (ctx.config.requireInviteCode && !input.invite_code)
    throw new DomainError('inviter_missing', { field: 'invite_code' });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    let invitedBy: number | null = null;
    if (input.invite_code) {
      const inviter = await trx
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', input.invite_code.toUpperCase())
        .executeTakeFirst();
      if (!inviter) throw new DomainError('invite_invalid', { field: 'invite_code' });
      invitedBy = inviter.id;
    }
    const exists = await trx
      .selectFrom('users')
      .select('id')
      .where('account', '=', input.account)
      .executeTakeFirst();
    if (exists) throw new DomainError('account_exists', { field: 'account' });
    const user = await trx
      .insertInto('users')
      .values({
        account: input.account,
        password_hash: passwordHash,
        fund_password_hash: null,
        invite_code: newInviteCode(),
        invited_by: invitedBy,
        language: input.language,
        real_name: null,
        credit_score: null,
        flag_reason: null,
        locked_until: null,
        fund_locked_until: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('account').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new DomainError('account_exists', { field: 'account' });
    const token = await openSession(ctx, trx, user.id, now);
    return { token, account: input.account };
  });
}

async function openSession(
  ctx: AppContext,
  db: AppContext['db'] | Parameters<Parameters<typeof inTransaction>[1]>[0],
  userId: number,
  now: Date,
) {
  const { token, tokenHash } = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ctx.config.sessionAbsoluteHours * 3_600_000),
      ended_at: null,
    })
    .execute();
  return token;
}

/** SPEC §6.1: one message for a wrong account or password; repeated failures lock the account. */
export async function login(ctx: AppContext, input: { account: string; password: string }) {
  const now = ctx.clock.now();
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('account', '=', input.account)
    .executeTakeFirst();
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, input.password);
    throw new DomainError('login_failed');
  }
  if (user.locked_until && user.locked_until.getTime() > now.getTime()) {
    throw new DomainError('locked_out', { until: user.locked_until.toISOString() });
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    const failures = user.login_failures + 1;
    const lock = failures >= ctx.config.loginMaxFailures;
    await ctx.db
      .updateTable('users')
      .set({
        login_failures: lock ? 0 : failures,
        locked_until: lock ? new Date(now.getTime() + ctx.config.loginLockMinutes * 60_000) : null,
      })
      .where('id', '=', user.id)
      .execute();
    throw new DomainError(lock ? 'locked_out' : 'login_failed');
  }
  if (user.banned) throw new DomainError('account_blocked', { reason: user.flag_reason });
  if (user.login_failures > 0 || user.locked_until) {
    await ctx.db
      .updateTable('users')
      .set({ login_failures: 0, locked_until: null })
      .where('id', '=', user.id)
      .execute();
  }
  const token = await openSession(ctx, ctx.db, user.id, now);
  return { token, account: user.account };
}

export async function logout(ctx: AppContext, sessionId: number) {
  await ctx.db
    .updateTable('sessions')
    .set({ ended_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .execute();
}

export async function changePassword(
  ctx: AppContext,
  user: User,
  kind: 'login' | 'fund',
  input: { old_password?: string; password: string; repassword: string },
) {
  if (input.password !== input.repassword)
    throw new DomainError('password_mismatch', { field: 'repassword' });
  if (kind === 'login') {
    if (!(await verifyPassword(user.password_hash, input.old_password ?? ''))) {
      throw new DomainError('password_wrong', { field: 'old_password' });
    }
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', user.id)
      .execute();
    return;
  }
  if (input.old_password === undefined) {
    // Setting the first fund password; changing one needs the original.
    if (user.fund_password_hash) throw new DomainError('password_wrong', { field: 'old_password' });
  } else {
    if (!user.fund_password_hash) throw new DomainError('fund_password_unset');
    if (!(await verifyPassword(user.fund_password_hash, input.old_password))) {
      throw new DomainError('fund_password_wrong', { field: 'old_password' });
    }
  }
  await ctx.db
    .updateTable('users')
    .set({
      fund_password_hash: await hashPassword(input.password),
      fund_failures: 0,
      fund_locked_until: null,
    })
    .where('id', '=', user.id)
    .execute();
}

async function valuationsOf(ctx: AppContext, userId: number) {
  const total: Partial<Record<Currency, Valuation>> = {};
  for (const provider of ctx.valuations) {
    const part = await provider(userId);
    for (const [currency, v] of Object.entries(part) as Array<[Currency, Valuation]>) {
      const slot = total[currency] ?? { positionValueMinor: 0, unrealisedPnlMinor: 0 };
      slot.positionValueMinor += v.positionValueMinor;
      slot.unrealisedPnlMinor += v.unrealisedPnlMinor;
      total[currency] = slot;
    }
  }
  return total;
}

/** SPEC §6.4: frozen = sum of frozen purposes; total assets = available + frozen + unrealised P&L. */
export function marketSummary(
  ctx: AppContext,
  user: User,
  market: Market,
  balances: Balances,
  valuation: Valuation | undefined,
) {
  const currency = MARKET_CURRENCY[market];
  const b = balances[currency];
  const frozen = frozenTotal(b);
  const pnl = valuation?.unrealisedPnlMinor ?? 0;
  const debt = -b.debt;
  const netAssets = b.available + frozen + pnl - debt;
  const loanable =
    currency === 'JPY' && user.credit_score !== null
      ? Math.max(
          0,
          loanableQuotaMinor({
            capMinor: ctx.config.loanCapMinor,
            creditScore: user.credit_score,
            netAssetsMinor: Math.max(0, netAssets),
          }) - debt,
        )
      : 0;
  return {
    market,
    currency,
    totalAssets: minorToDecimal(b.available + frozen + pnl, currency),
    positionValue: minorToDecimal(valuation?.positionValueMinor ?? 0, currency),
    available: minorToDecimal(b.available, currency),
    frozen: minorToDecimal(frozen, currency),
    frozenByPurpose: Object.fromEntries(
      Object.entries(b.frozen).map(([k, v]) => [k, minorToDecimal(v, currency)]),
    ),
    debt: minorToDecimal(debt, currency),
    unrealisedPnl: minorToDecimal(pnl, currency),
    creditScore: user.credit_score,
    loanableQuota: minorToDecimal(loanable, currency),
    loanedQuota: minorToDecimal(debt, currency),
  };
}

export async function summary(ctx: AppContext, user: User, market: Market) {
  const [balances, valuation] = await Promise.all([
    userBalances(ctx.db, user.id),
    valuationsOf(ctx, user.id),
  ]);
  const markets = MARKETS.map((m) => marketSummary(ctx, user, m, balances, valuation[MARKET_CURRENCY[m]]));
  return { account: user.account, markets, current: markets.find((m) => m.market === market)! };
}

/** The seed's getUserinfo shape: for every currency c, `c` available and `c`+`yjed` borrowed. */
export async function userInfo(ctx: AppContext, user: User) {
  const balances = await userBalances(ctx.db, user.id);
  const perCurrency: Record<string, string> = {};
  for (const c of CURRENCIES) {
    const key = c.toLowerCase();
    perCurrency[key] = minorToDecimal(balances[c].available, c);
    perCurrency[`${key}yjed`] = minorToDecimal(-balances[c].debt, c);
  }
  return {
    id: user.id,
    account: user.account,
    status: user.banned ? 0 : 1,
    inviteCode: user.invite_code,
    kyc: user.kyc_state as 'unverified' | 'pending' | 'verified' | 'failed',
    realName: user.real_name,
    creditScore: user.credit_score,
    fundPasswordSet: user.fund_password_hash !== null,
    riskAccepted: user.risk_accepted,
    flags: {
      banned: user.banned,
      frozen: user.frozen,
      tradeBarred: user.trade_barred,
      reason: user.flag_reason,
    },
    createdAt: user.created_at.toISOString(),
    ...perCurrency,
  };
}

/** Fund records of other kinds (deposits, withdrawals) come from the money module. */
export type FundRecordSource = (
  ctx: AppContext,
  userId: number,
  page: number,
  size: number,
) => Promise<{ list: FundRecordView[]; total: number }>;
declare module '../../context' {
  interface AppContext {
    fundRecordSources: Partial<Record<'deposits' | 'withdrawals', FundRecordSource>>;
  }
}

export interface FundRecordView {
  id: number;
  kind: string;
  orderNo: string;
  currency: Currency;
  amount: string;
  frozenChange: string;
  balanceAfter: string;
  state: string;
  memo: string | null;
  createdAt: string;
}

/**
 * SPEC §0.2: every ledger transaction of the user, one row per currency it touched, with the
 * signed change of available and frozen funds and the available balance after it.
 */
export async function ledgerRecords(ctx: AppContext, userId: number, page: number, size: number) {
  const rows = await sql<{
    id: number;
    kind: string;
    order_no: string;
    memo: string | null;
    created_at: Date;
    currency: string;
    available_change: string;
    frozen_change: string;
    balance_after: string | null;
  }>`
    SELECT t.id, t.kind, t.order_no, t.memo, t.created_at, a.currency,
      COALESCE(SUM(p.amount_minor) FILTER (WHERE a.name = 'available'), 0)::text AS available_change,
      COALESCE(SUM(p.amount_minor) FILTER (WHERE a.name LIKE 'frozen:%'), 0)::text AS frozen_change,
      (SELECT p2.balance_after_minor::text FROM ledger_postings p2
         JOIN ledger_accounts a2 ON a2.id = p2.account_id
        WHERE a2.user_id = ${userId} AND a2.name = 'available' AND a2.currency = a.currency AND p2.transaction_id <= t.id
        ORDER BY p2.transaction_id DESC LIMIT 1) AS balance_after
    FROM ledger_transactions t
    JOIN ledger_postings p ON p.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = ${userId}
    GROUP BY t.id, t.kind, t.order_no, t.memo, t.created_at, a.currency
    ORDER BY t.id DESC, a.currency
    LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(ctx.db);
  const total = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM (
      SELECT DISTINCT p.transaction_id, a.currency FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = ${userId}) x`.execute(ctx.db);
  const list: FundRecordView[] = rows.rows.map((r) => {
    const currency = r.currency as Currency;
    return {
      id: Number(r.id),
      kind: r.kind,
      orderNo: r.order_no,
      currency,
      amount: minorToDecimal(Number(r.available_change), currency),
      frozenChange: minorToDecimal(Number(r.frozen_change), currency),
      balanceAfter: minorToDecimal(Number(r.balance_after ?? 0), currency),
      state: 'done',
      memo: r.memo,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
  return { list, page, size, total: Number(total.rows[0]?.n ?? 0) };
}
