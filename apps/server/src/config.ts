import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Currency } from '@kabuto/contract';
import { z } from 'zod';

/**
 * The one config module (SPEC §10, §11). Defaults here; environment overrides; the client gets
 * the public part through /common/config as name/value pairs.
 */
export type HoursMode = 'always' | 'real';

export interface DepositChannel {
  id: 'bank' | 'quick';
  maxMinor: Record<Currency, number>;
  receivingName: string;
  receivingNumber: string;
  receivingBank: string;
  receivingBranch: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /**
   * Namespace of every Redis channel and key of this deployment (REDIS_PREFIX), so deployments
   * sharing one Redis never mix prices or counters. Default: derived from the database name.
   */
  redisPrefix: string;
  /**
   * Proxies whose forwarding headers (X-Forwarded-For, -Proto, -Host) are believed: addresses,
   * CIDR ranges or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Empty: none, the
   * client address is the connection's.
   */
  trustProxy: string[];
  /** Bearer token that /metrics asks for; null: /metrics is not served. */
  metricsToken: string | null;
  adminPassword: string | null;
  /**
   * KABUTO_CLOCK_TRAVEL=1: the node's clock can be moved forward by an admin through
   * POST /api/admin/clock/advance (the browser journeys; never in production).
   */
  clockTravel: boolean;
  marketHours: HoursMode;
  fundHours: HoursMode;
  marketSeed: string;
  /** Public, served to the client. */
  kefu: string;
  logo: string;
  title: string;
  /**
   * Block-trade products: the furthest a block price may sit from the market price, in percent
   * either way (docs/decisions.md "Block price band").
   */
  blockPriceBandPercent: number;
  requireInviteCode: boolean;
  leverageChoices: number[];
  feeRateBps: number;
  minFeeMinor: Record<'jpy' | 'usd' | 'cny', number>;
  stopOutPercent: number;
  withdrawWithOpenPositions: boolean;
  withdrawMinMinor: Partial<Record<Currency, number>>;
  withdrawMaxMinor: Partial<Record<Currency, number>>;
  exchangeSpreadBps: number;
  depositChannels: DepositChannel[];
  initialCreditScore: number;
  loanCapMinor: number;
  loanDailyRateBps: number;
  /** Days from a loan's credit to the end of its term (past it, overdue). */
  loanTermDays: number;
  dayTradeLeverage: number;
  /** SPEC §6.5: the smallest day-trading participation per currency. */
  dayTradeMinMinor: Partial<Record<Currency, number>>;
  /** A ledger adjustment larger than this (per currency) needs a second operator's approval (SPEC §9). */
  adjustmentApprovalMinor: Record<Currency, number>;
  /**
   * Security limits (CONVENTIONS §11). One lock over every secret of a user (SPEC §6.1): this
   * many wrong login, original or fund passwords within `loginLockMinutes` lock them all for
   * `loginLockMinutes`.
   */
  loginMaxFailures: number;
  loginLockMinutes: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** A back-office session ends after this long without a call (its absolute limit is 12 hours). */
  operatorIdleMinutes: number;
  /** How long a node keeps a session it has read (SESSION_CACHE_MS; 0 turns the cache off). */
  sessionCacheMs: number;
  rateLimitPerMinute: number;
  /** Order, cancel and close calls per account per minute (ORDER_RATE_LIMIT_PER_MINUTE). */
  orderRateLimitPerMinute: number;
  /** Per-address login and registration attempts (brute-force protection, SPEC §6.1). */
  loginRateLimitPerMinute: number;
  /**
   * SPEC §13.1 `require_second_factor` (REQUIRE_SECOND_FACTOR): a second factor must be on before
   * any withdrawal or bank card change. Off by default in the demo.
   */
  requireSecondFactor: boolean;
  /**
   * The origin passkeys are made for (WEBAUTHN_ORIGIN, default http://localhost:<PORT>); the
   * WebAuthn RP ID is its host name. Checked on every ceremony.
   */
  webauthnOrigin: string;
  /**
   * The AES-256-GCM key TOTP secrets are sealed with at rest (TOTP_ENCRYPTION_KEY: 64 hex digits
   * or base64 of 32 bytes). Without one, a fixed demo key is used and the start logs a warning.
   */
  totpKey: Buffer;
  totpKeyConfigured: boolean;
  /**
   * The contact in the server's VAPID claims (PUSH_SUBJECT: a mailto: or https: address), which
   * push services use to reach the operator of a misbehaving sender (SPEC §13.3).
   */
  pushSubject: string;
  /**
   * One more origin whose push endpoints are accepted beside the known push services (an
   * `http(s)://host:port` origin; tests' own push endpoint). Set by code, or for the browser
   * journeys by KABUTO_PUSH_TEST_ORIGIN, which counts only on a node started with clock travel
   * (never in production) and only for a loopback address: no deployment can be made to send
   * pushes to an address of its choosing.
   */
  pushTestOrigin: string | null;
}

/** Hard limits that are not settings. */
export const LIMITS = {
  bodyBytes: 1024 * 1024,
  uploadBytes: 5 * 1024 * 1024,
  idempotencyKeyLength: 128,
  wsSubscriptionsPerSocket: 50,
} as const;

/** TOTP_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64. */
export function parseTotpKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** The key used when none is configured (the embedded demo): fixed, so every start reads old rows. */
export const DEMO_TOTP_KEY = createHash('sha256')
  .update('kabuto demo totp key: set TOTP_ENCRYPTION_KEY')
  .digest();

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/** On or off: 1/true/yes/on or 0/false/no/off, in any case. */
const flag = z
  .string()
  .refine((v) => [...TRUE_WORDS, ...FALSE_WORDS].includes(v.toLowerCase()), {
    error: 'expected on or off (1/true/yes/on or 0/false/no/off)',
  })
  .transform((v) => TRUE_WORDS.includes(v.toLowerCase()));

/** A whole number from `min` up, written as digits. */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'expected a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `expected at least ${min}` })
        .max(max, { error: `expected at most ${max}` }),
    );

const text = z.string();
const hoursMode = z.enum(['always', 'real'], { error: 'expected always or real' });

/**
 * Every environment variable the server reads, in one schema (SPEC §10, §11): a value it cannot
 * use stops the start with an error naming the variable, never a silent default or NaN. An empty
 * value counts as unset.
 */
const envSchema = z.object({
  PORT: whole(1, 65_535).optional(),
  HOST: text.optional(),
  DATA_DIR: text.optional(),
  DATABASE_URL: text.optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// address' }).optional(),
  TRUST_PROXY: text.optional(),
  METRICS_TOKEN: text.optional(),
  REDIS_PREFIX: text.optional(),
  ADMIN_PASSWORD: text.optional(),
  KABUTO_CLOCK_TRAVEL: flag.optional(),
  KABUTO_PUSH_TEST_ORIGIN: z
    .url({
      protocol: /^https?$/,
      hostname: /^(127\.0\.0\.1|localhost)$/,
      error: 'expected a loopback http(s) origin',
    })
    .optional(),
  MARKET_HOURS: hoursMode.optional(),
  FUND_HOURS: hoursMode.optional(),
  MARKET_SEED: text.optional(),
  KEFU_URL: text.optional(),
  LOGO_URL: text.optional(),
  TITLE: text.optional(),
  REQUIRE_INVITE_CODE: flag.optional(),
  WITHDRAW_WITH_OPEN_POSITIONS: flag.optional(),
  SESSION_CACHE_MS: whole(0).optional(),
  RATE_LIMIT_PER_MINUTE: whole(1).optional(),
  ORDER_RATE_LIMIT_PER_MINUTE: whole(1).optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: whole(1).optional(),
  REQUIRE_SECOND_FACTOR: flag.optional(),
  WEBAUTHN_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// origin' })
    .optional(),
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'expected a mailto: or https:// address' })
    .optional(),
  TOTP_ENCRYPTION_KEY: text
    .transform((v, ctx) => {
      try {
        return parseTotpKey(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected 32 bytes as 64 hex digits or base64' });
        return z.NEVER;
      }
    })
    .optional(),
});

/** The environment read through `envSchema`; throws one error naming every variable it refuses. */
export function readEnv(env: NodeJS.ProcessEnv): z.output<typeof envSchema> {
  const set = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((name) => {
      const value = env[name];
      return value === undefined || value.trim() === '' ? [] : [[name, value]];
    }),
  );
  const read = envSchema.safeParse(set);
  if (read.success) return read.data;
  const problems = read.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const shown = name === 'TOTP_ENCRYPTION_KEY' || name === 'ADMIN_PASSWORD' ? '' : ` (got "${set[name]}")`;
    return `${name}: ${issue.message}${shown}`;
  });
  throw new Error(`configuration refused: ${problems.join('; ')}`);
}

function allCurrencies(valueJpy: number, usd: number, cny: number): Record<Currency, number> {
  return {
    JPY: valueJpy,
    USD: usd,
    CNY: cny,
    TWD: usd * 30,
    HKD: usd * 8,
    THB: usd * 35,
    VND: usd * 250,
    MYR: usd * 4,
    KRW: usd * 13,
    SAR: usd * 4,
  };
}

/**
 * The default REDIS_PREFIX: `kabuto:<database name>` for PostgreSQL (every node of a deployment
 * names the same database, whatever host alias it reaches it by); for the embedded database,
 * which serves one node, a digest of its data directory.
 */
export function defaultRedisPrefix(databaseUrl: string | null, dataDir: string): string {
  if (databaseUrl) {
    let name = '';
    try {
      name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
    } catch {
      // Not a URL (a key=value connection string): fall through to the digest.
    }
    if (name) return `kabuto:${name}`;
    return `kabuto:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}`;
  }
  return `kabuto:embedded-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;
}

export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const env = readEnv(environment);
  const databaseUrl = env.DATABASE_URL ?? null;
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  // SPEC §11: the embedded demo lets a newcomer try every flow at any hour; production is real.
  const defaultHours: HoursMode = databaseUrl ? 'real' : 'always';
  const port = env.PORT ?? 3000;
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL ?? null,
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
    metricsToken: env.METRICS_TOKEN ?? null,
    redisPrefix: env.REDIS_PREFIX ?? defaultRedisPrefix(databaseUrl, dataDir),
    adminPassword: env.ADMIN_PASSWORD ?? null,
    clockTravel: env.KABUTO_CLOCK_TRAVEL ?? false,
    marketHours: env.MARKET_HOURS ?? defaultHours,
    fundHours: env.FUND_HOURS ?? defaultHours,
    marketSeed: env.MARKET_SEED ?? 'kabuto',
    kefu: env.KEFU_URL ?? '',
    logo: env.LOGO_URL ?? '/logo.svg',
    title: env.TITLE ?? 'Kabuto',
    blockPriceBandPercent: 30,
    requireInviteCode: env.REQUIRE_INVITE_CODE ?? false,
    leverageChoices: [1, 2, 3, 5, 10],
    feeRateBps: 10,
    minFeeMinor: { jpy: 100, usd: 100, cny: 500 },
    stopOutPercent: 80,
    withdrawWithOpenPositions: env.WITHDRAW_WITH_OPEN_POSITIONS ?? false,
    // SPEC §6.4, §10: minimum withdrawal ¥30,000 (other currencies: the same order of value).
    withdrawMinMinor: { JPY: 30_000, USD: 200_00, CNY: 1_500_00 },
    withdrawMaxMinor: { JPY: 50_000_000, USD: 350_000_00, CNY: 2_500_000_00 },
    exchangeSpreadBps: 50,
    depositChannels: [
      {
        id: 'bank',
        maxMinor: allCurrencies(10_000_000_000, 70_000_000_00, 500_000_000_00),
        receivingName: 'Kabuto Securities Co., Ltd. (Demo)',
        receivingNumber: '1234567',
        receivingBank: 'Demo Bank',
        receivingBranch: 'Head Office (001)',
      },
      {
        id: 'quick',
        maxMinor: allCurrencies(500_000, 3_500_00, 25_000_00),
        receivingName: 'Kabuto Securities Co., Ltd. (Demo)',
        receivingNumber: '7654321',
        receivingBank: 'Demo Quick Pay',
        receivingBranch: 'Online (900)',
      },
    ],
    initialCreditScore: 600,
    loanCapMinor: 10_000_000,
    loanDailyRateBps: 5,
    loanTermDays: 30,
    dayTradeLeverage: 5,
    dayTradeMinMinor: { JPY: 100_000, USD: 1_000_00, CNY: 5_000_00 },
    adjustmentApprovalMinor: allCurrencies(100_000, 1_000_00, 5_000_00),
    loginMaxFailures: 5,
    loginLockMinutes: 15,
    sessionIdleMinutes: 60 * 24,
    sessionAbsoluteHours: 24 * 30,
    operatorIdleMinutes: 30,
    sessionCacheMs: env.SESSION_CACHE_MS ?? 2_000,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE ?? 600,
    orderRateLimitPerMinute: env.ORDER_RATE_LIMIT_PER_MINUTE ?? 60,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE ?? 20,
    requireSecondFactor: env.REQUIRE_SECOND_FACTOR ?? false,
    webauthnOrigin: env.WEBAUTHN_ORIGIN ?? `http://localhost:${port}`,
    totpKey: env.TOTP_ENCRYPTION_KEY ?? DEMO_TOTP_KEY,
    totpKeyConfigured: env.TOTP_ENCRYPTION_KEY !== undefined,
    pushSubject: env.PUSH_SUBJECT ?? 'mailto:operator@kabuto.invalid',
    pushTestOrigin:
      env.KABUTO_CLOCK_TRAVEL && env.KABUTO_PUSH_TEST_ORIGIN
        ? new URL(env.KABUTO_PUSH_TEST_ORIGIN).origin
        : null,
    ...overrides,
  };
  return config;
}

/** SPEC §8 `/common/config`: every value the client needs, as name/value strings. */
export function publicConfig(config: Config): Array<{ name: string; value: string }> {
  const pairs: Record<string, string> = {
    kefu: config.kefu,
    logo: config.logo,
    title: config.title,
    requireInviteCode: String(config.requireInviteCode),
    leverageChoices: config.leverageChoices.join(','),
    feeRateBps: String(config.feeRateBps),
    minFeeMinor: JSON.stringify(config.minFeeMinor),
    stopOutPercent: String(config.stopOutPercent),
    marketHours: config.marketHours,
    fundHours: config.fundHours,
    withdrawWithOpenPositions: String(config.withdrawWithOpenPositions),
    withdrawMinMinor: JSON.stringify(config.withdrawMinMinor),
    withdrawMaxMinor: JSON.stringify(config.withdrawMaxMinor),
    withdrawWindow: 'business days 09:00-15:30 Asia/Tokyo',
    depositWindow: 'business days 00:00-23:59 Asia/Tokyo',
    exchangeSpreadBps: String(config.exchangeSpreadBps),
    depositChannels: JSON.stringify(config.depositChannels.map((c) => ({ id: c.id, maxMinor: c.maxMinor }))),
    dayTradeLeverage: String(config.dayTradeLeverage),
    dayTradeMinMinor: JSON.stringify(config.dayTradeMinMinor),
    loanDailyRateBps: String(config.loanDailyRateBps),
    loanTermDays: String(config.loanTermDays),
    toastMs: '2000',
    unauthorizedRedirectMs: '1500',
    exitRedirectMs: '1000',
    rankingWindows: '1w,1m,3m,6m',
    simulated: 'true',
    requireSecondFactor: String(config.requireSecondFactor),
  };
  return Object.entries(pairs).map(([name, value]) => ({ name, value }));
}

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
