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
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { hashPassword, newToken, type User } from '../../http/auth';
import { checkSecret, refuseUnknownLogin } from '../../http/secrets';
import {
  type AccountMovement,
  type Balances,
  frozenTotal,
  userBalances,
  userMovements,
} from '../../ledger/ledger';
import type { CredentialJson } from './ceremony';
import { deviceOf } from './device';
import { passkeyLoginUser } from './passkeys';
import * as security from './security';
import { sendNewDeviceMessage } from './security';

/** Value of a user's open positions per currency; the trading module provides it. */
export interface Valuation {
  positionValueMinor: number;
  unrealisedPnlMinor: number;
}
export type ValuationProvider = (userId: number) => Promise<Partial<Record<Currency, Valuation>>>;

/** Fund-record tabs whose rows live in other modules' tables (SPEC §2 /mine/transactionRecords). */
export const FUND_RECORD_TABS = ['deposits', 'withdrawals'] as const;
export type FundRecordTab = (typeof FUND_RECORD_TABS)[number];

/**
 * The users module's port: what other modules add to a user's account views — the value of
 * their open positions (trading, later copy trading; summed per currency) and the fund-record
 * tabs they keep (money). Every tab must have its source by the time the app is ready.
 */
export class AccountsPort {
  readonly valuations: ValuationProvider[] = [];
  readonly fundRecordSources: Partial<Record<FundRecordTab, FundRecordSource>> = {};

  addValuation(provider: ValuationProvider): void {
    this.valuations.push(provider);
  }

  addFundRecordSource(tab: FundRecordTab, source: FundRecordSource): void {
    if (this.fundRecordSources[tab]) throw new Error(`fund-record tab ${tab} has two sources`);
    this.fundRecordSources[tab] = source;
  }

  /** Start-up check: a tab without its source is a wiring fault, not an empty list. */
  assertComplete(): void {
    const missing = FUND_RECORD_TABS.filter((tab) => !this.fundRecordSources[tab]);
    if (missing.length > 0) throw new Error(`no module provides the fund-record tabs: ${missing.join(', ')}`);
  }
}

/** What the users module's own code works with. */
export interface UsersContext extends AppContext {
  accounts: AccountsPort;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** SPEC §6.1: in the `us` language a ten-digit mobile number; otherwise 6–20 letters or digits. */
export function accountNameValid(account: string, language: Language): boolean {
  return language === 'us' ? /^\d{10}$/.test(account) : /^[A-Za-z0-9]{6,20}$/.test(account);
}

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
  client: Client = {},
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
    const token = await openSession(ctx, trx, user.id, now, client);
    return { token, account: input.account };
  });
}

/** Where a sign-in comes from: the browser's User-Agent and the client address. */
export interface Client {
  userAgent?: string | undefined;
  address?: string | undefined;
}

async function openSession(ctx: AppContext, db: Executor, userId: number, now: Date, client: Client) {
  const { token, tokenHash } = newToken();
  const userAgent = client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null;
  const address = client.address ?? null;
  // A sign-in from a browser the user has never signed in from sends a message (SPEC §13.1);
  // the first session of all (registration) does not.
  const earlier = await db
    .selectFrom('sessions')
    .select(['user_agent'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const known = earlier.some((row) => row.user_agent === userAgent);
  if (earlier.length > 0 && !known)
    await sendNewDeviceMessage(db, userId, deviceOf(userAgent).device ?? '-', address ?? '-', now);
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ctx.config.sessionAbsoluteHours * 3_600_000),
      ended_at: null,
      user_agent: userAgent,
      stepped_up_at: null,
      address,
    })
    .execute();
  return token;
}

/** Opens a session for a user who has proven who they are (password, a second factor, a passkey). */
async function signIn(ctx: AppContext, userId: number, client: Client) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['account', 'banned', 'flag_reason'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.banned) throw new DomainError('account_blocked', { reason: user.flag_reason });
  const token = await openSession(ctx, ctx.db, userId, ctx.clock.now(), client);
  return { token, account: user.account };
}

/** Longest User-Agent kept with a session. */
const USER_AGENT_MAX = 300;
/** Most sessions listed (the newest first). */
export const SESSIONS_LISTED_MAX = 50;

/**
 * SPEC §6.1: one message for a wrong account or password; repeated failures lock the account,
 * and a name without an account locks the same way (secrets.ts).
 */
export async function login(
  ctx: AppContext,
  input: { account: string; password: string },
  client: Client = {},
) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'account', 'banned', 'flag_reason', 'second_factor'])
    .where('account', '=', input.account)
    .executeTakeFirst();
  if (!user) return refuseUnknownLogin(ctx, input.account, input.password);
  // With a second factor on, the right password leaves earlier wrong codes counted (secrets.ts).
  await checkSecret(
    ctx,
    user.id,
    'login',
    input.password,
    { key: 'login_failed' },
    { clearOnRight: !user.second_factor },
  );
  if (user.banned) throw new DomainError('account_blocked', { reason: user.flag_reason });
  if (user.second_factor)
    throw new DomainError('second_factor_required', await security.secondFactorChallenge(ctx, user.id));
  return signIn(ctx, user.id, client);
}

/** Finishes a password sign-in with a second factor (SPEC §13.1). */
export async function loginSecondFactor(
  ctx: AppContext,
  input: Parameters<typeof security.loginSecondFactorUser>[1],
  client: Client = {},
) {
  return signIn(ctx, await security.loginSecondFactorUser(ctx, input), client);
}

/** Signs in with a passkey alone (SPEC §13.1). */
export async function passkeyLogin(ctx: AppContext, credential: CredentialJson, client: Client = {}) {
  return signIn(ctx, await passkeyLoginUser(ctx, credential), client);
}

/** Ends the user's open sessions (all of them, or all but `keep`), on every node within the cache time. */
export async function endSessions(ctx: AppContext, userId: number, keep: number | null): Promise<number> {
  let query = ctx.db
    .updateTable('sessions')
    .set({ ended_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (keep !== null) query = query.where('id', '<>', keep);
  const ended = await query.returning('id').execute();
  ctx.sessions.forgetUser(userId);
  return ended.length;
}

export async function logout(ctx: AppContext, sessionId: number) {
  await ctx.db
    .updateTable('sessions')
    .set({ ended_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .execute();
  ctx.sessions.forgetSession(sessionId);
}

/** "Log out of every device": every session of the user ends, this one included. */
export async function logoutAll(ctx: AppContext, userId: number): Promise<number> {
  return endSessions(ctx, userId, null);
}

/** The user's active sessions (not ended, not expired, not idle too long), the latest seen first. */
export async function activeSessions(ctx: AppContext, userId: number, currentSessionId: number) {
  const now = ctx.clock.now();
  const idleLimit = new Date(now.getTime() - ctx.config.sessionIdleMinutes * 60_000);
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>=', idleLimit)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SESSIONS_LISTED_MAX)
    .execute();
  return {
    list: rows.map((row) => ({
      id: row.id,
      ...deviceOf(row.user_agent),
      current: row.id === currentSessionId,
      address: row.address,
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
    })),
  };
}

/** Ends one of the user's own sessions; another user's, or an ended one, is not_found. */
export async function endSession(ctx: AppContext, userId: number, sessionId: number): Promise<void> {
  const ended = await ctx.db
    .updateTable('sessions')
    .set({ ended_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!ended) throw new DomainError('not_found', { field: 'id' });
  ctx.sessions.forgetSession(sessionId);
}

/**
 * Changes the login or fund password (SPEC §6.1). The original is checked under the user's one
 * lock over secrets. A new login password ends every other session of the user (ASVS V7): whoever
 * knew the old one is signed out, the device that changed it stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  user: User,
  kind: 'login' | 'fund',
  input: { old_password?: string; password: string; repassword: string },
  currentSessionId?: number,
) {
  if (input.password !== input.repassword)
    throw new DomainError('password_mismatch', { field: 'repassword' });
  if (kind === 'login') {
    await checkSecret(ctx, user.id, 'login', input.old_password ?? '', {
      key: 'password_wrong',
      field: 'old_password',
    });
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', user.id)
      .execute();
    await endSessions(ctx, user.id, currentSessionId ?? null);
    return;
  }
  const current = await ctx.db
    .selectFrom('users')
    .select('fund_password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (input.old_password === undefined) {
    // Setting the first fund password; changing one needs the original.
    if (current.fund_password_hash) throw new DomainError('password_wrong', { field: 'old_password' });
  } else {
    if (!current.fund_password_hash) throw new DomainError('fund_password_unset');
    await checkSecret(ctx, user.id, 'fund', input.old_password, {
      key: 'fund_password_wrong',
      field: 'old_password',
    });
  }
  await ctx.db
    .updateTable('users')
    .set({ fund_password_hash: await hashPassword(input.password) })
    .where('id', '=', user.id)
    .execute();
  // The cached account says whether a fund password is set.
  ctx.sessions.forgetUser(user.id);
}

async function valuationsOf(ctx: UsersContext, userId: number) {
  const total: Partial<Record<Currency, Valuation>> = {};
  for (const provider of ctx.accounts.valuations) {
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

export async function summary(ctx: UsersContext, user: User, market: Market) {
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

export interface FundMovementView {
  account: 'available' | 'frozen' | 'debt';
  purpose: string | null;
  change: string;
}

export interface FundRecordView {
  id: number;
  kind: string;
  orderNo: string;
  currency: Currency;
  amount: string;
  frozenChange: string;
  balanceAfter: string;
  movements: FundMovementView[];
  state: string;
  memo: string | null;
  createdAt: string;
}

/**
 * The movements of one fund record in one currency (SPEC §0.2): the net change of each of the
 * user's accounts over the record's ledger transactions (a withdrawal's freeze and payout or
 * release together), available first, then frozen, then debt (shown as what is owed).
 */
export function fundMovements(moves: readonly AccountMovement[], currency: Currency): FundMovementView[] {
  const net = new Map<string, number>();
  for (const m of moves)
    if (m.currency === currency) net.set(m.account, (net.get(m.account) ?? 0) + m.amountMinor);
  const order = (name: string) => (name === 'available' ? 0 : name === 'debt' ? 2 : 1);
  return [...net.entries()]
    .filter(([, minor]) => minor !== 0)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([name, minor]): FundMovementView => {
      if (name === 'available')
        return { account: 'available', purpose: null, change: minorToDecimal(minor, currency) };
      if (name === 'debt')
        return { account: 'debt', purpose: null, change: minorToDecimal(-minor, currency) };
      return {
        account: 'frozen',
        purpose: name.replace(/^frozen:/, ''),
        change: minorToDecimal(minor, currency),
      };
    });
}

/** Movements of many records at once: `transactionsOf` names each record's ledger transactions. */
export async function movementsOf<R>(
  ctx: AppContext,
  userId: number,
  records: readonly R[],
  transactionsOf: (record: R) => Array<number | null | undefined>,
): Promise<(record: R, currency: Currency) => FundMovementView[]> {
  const ids = records.flatMap((r) => transactionsOf(r).filter((id): id is number => typeof id === 'number'));
  const byTransaction = new Map<number, AccountMovement[]>();
  for (const m of await userMovements(ctx.db, userId, [...new Set(ids)])) {
    const list = byTransaction.get(m.transactionId) ?? [];
    list.push(m);
    byTransaction.set(m.transactionId, list);
  }
  return (record, currency) =>
    fundMovements(
      transactionsOf(record).flatMap((id) => (typeof id === 'number' ? (byTransaction.get(id) ?? []) : [])),
      currency,
    );
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
  const movements = await movementsOf(ctx, userId, rows.rows, (r) => [Number(r.id)]);
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
      movements: movements(r, currency),
      state: 'done',
      memo: r.memo,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
  return { list, page, size, total: Number(total.rows[0]?.n ?? 0) };
}
