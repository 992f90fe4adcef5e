import { admin, CURRENCIES, type Currency, minorToDecimal, parseMinor } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { audit } from '../admin/port';
import { adminCall, refuseAdmin } from './http';

/**
 * The configuration an operator edits (SPEC §10 with §9 "config"): the defaults live in
 * config.ts; a change is a row of `config_overrides` applied over them on every node (at start
 * and every `REFRESH_MS`), and an audit entry with the value before and after, which is the
 * change history.
 */
export const REFRESH_MS = 30_000;

type Kind = 'text' | 'boolean' | 'integer' | 'integerList' | 'money' | 'moneyMap' | 'choice';

interface Setting {
  name: string;
  kind: Kind;
  /** Schema of the value on the wire (and as stored). */
  schema: z.ZodType;
  choices?: readonly string[];
  read(config: Config): unknown;
  write(config: Config, value: never): void;
}

const decimal = z.string().trim().max(24);
const currencyMap = z.partialRecord(z.enum(CURRENCIES), decimal);

function mapToMinor(
  value: Partial<Record<Currency, string>>,
  field: string,
): Partial<Record<Currency, number>> {
  const out: Partial<Record<Currency, number>> = {};
  for (const [currency, text] of Object.entries(value) as Array<[Currency, string]>) {
    const minor = parseMinor(text, currency);
    if (minor === null || minor < 0) refuseAdmin(400, 'bad_request', `${field}.${currency}`);
    out[currency] = minor as number;
  }
  return out;
}
function mapToWire(value: Partial<Record<Currency, number>>): Record<string, string> {
  return Object.fromEntries(
    (Object.entries(value) as Array<[Currency, number]>).map(([c, minor]) => [c, minorToDecimal(minor, c)]),
  );
}
const completeMap = (name: string) => (value: Partial<Record<Currency, string>>) => {
  const minor = mapToMinor(value, name);
  for (const c of CURRENCIES) if (minor[c] === undefined) refuseAdmin(400, 'bad_request', `${name}.${c}`);
  return minor as Record<Currency, number>;
};
const int = (min: number, max: number) => z.number().int().min(min).max(max);

function depositMax(id: 'bank' | 'quick'): Setting {
  const name = id === 'bank' ? 'depositMaxBank' : 'depositMaxQuick';
  return {
    name,
    kind: 'moneyMap',
    schema: currencyMap,
    read: (c) => mapToWire(c.depositChannels.find((ch) => ch.id === id)?.maxMinor ?? {}),
    write: (c, v: Partial<Record<Currency, string>>) => {
      const maxMinor = completeMap(name)(v);
      c.depositChannels = c.depositChannels.map((ch) => (ch.id === id ? { ...ch, maxMinor } : ch));
    },
  };
}

export const SETTINGS: readonly Setting[] = [
  {
    name: 'title',
    kind: 'text',
    schema: z.string().trim().min(1).max(60),
    read: (c) => c.title,
    write: (c, v: string) => {
      c.title = v;
    },
  },
  {
    // An absolute http(s) address or a path on this site (served by /common/config to the apps).
    name: 'logo',
    kind: 'text',
    schema: z.union([z.url({ protocol: /^https?$/ }).max(500), z.string().regex(/^\/[\w\-./]{1,200}$/)]),
    read: (c) => c.logo,
    write: (c, v: string) => {
      c.logo = v;
    },
  },
  {
    name: 'blockPriceBandPercent',
    kind: 'integer',
    schema: int(1, 90),
    read: (c) => c.blockPriceBandPercent,
    write: (c, v: number) => {
      c.blockPriceBandPercent = v;
    },
  },
  {
    name: 'kefu',
    kind: 'text',
    schema: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
    read: (c) => c.kefu,
    write: (c, v: string) => {
      c.kefu = v;
    },
  },
  {
    name: 'requireInviteCode',
    kind: 'boolean',
    schema: z.boolean(),
    read: (c) => c.requireInviteCode,
    write: (c, v: boolean) => {
      c.requireInviteCode = v;
    },
  },
  {
    // SPEC §13.1 require_second_factor: a second factor before any withdrawal or card change.
    name: 'requireSecondFactor',
    kind: 'boolean',
    schema: z.boolean(),
    read: (c) => c.requireSecondFactor,
    write: (c, v: boolean) => {
      c.requireSecondFactor = v;
    },
  },
  {
    name: 'leverageChoices',
    kind: 'integerList',
    schema: z
      .array(int(1, 100))
      .min(1)
      .max(10)
      .refine((a) => new Set(a).size === a.length, 'duplicate'),
    read: (c) => c.leverageChoices,
    write: (c, v: number[]) => {
      c.leverageChoices = [...v].sort((a, b) => a - b);
    },
  },
  {
    name: 'feeRateBps',
    kind: 'integer',
    schema: int(0, 1000),
    read: (c) => c.feeRateBps,
    write: (c, v: number) => {
      c.feeRateBps = v;
    },
  },
  {
    name: 'minFee',
    kind: 'moneyMap',
    schema: z.object({ JPY: decimal, USD: decimal, CNY: decimal }).strict(),
    read: (c) => mapToWire({ JPY: c.minFeeMinor.jpy, USD: c.minFeeMinor.usd, CNY: c.minFeeMinor.cny }),
    write: (c, v: Record<'JPY' | 'USD' | 'CNY', string>) => {
      const m = mapToMinor(v, 'minFee');
      c.minFeeMinor = { jpy: m.JPY!, usd: m.USD!, cny: m.CNY! };
    },
  },
  {
    name: 'stopOutPercent',
    kind: 'integer',
    schema: int(1, 100),
    read: (c) => c.stopOutPercent,
    write: (c, v: number) => {
      c.stopOutPercent = v;
    },
  },
  {
    name: 'withdrawMin',
    kind: 'moneyMap',
    schema: currencyMap,
    read: (c) => mapToWire(c.withdrawMinMinor),
    write: (c, v: Partial<Record<Currency, string>>) => {
      c.withdrawMinMinor = mapToMinor(v, 'withdrawMin');
    },
  },
  {
    name: 'withdrawMax',
    kind: 'moneyMap',
    schema: currencyMap,
    read: (c) => mapToWire(c.withdrawMaxMinor),
    write: (c, v: Partial<Record<Currency, string>>) => {
      c.withdrawMaxMinor = mapToMinor(v, 'withdrawMax');
    },
  },
  {
    name: 'withdrawWithOpenPositions',
    kind: 'boolean',
    schema: z.boolean(),
    read: (c) => c.withdrawWithOpenPositions,
    write: (c, v: boolean) => {
      c.withdrawWithOpenPositions = v;
    },
  },
  depositMax('quick'),
  depositMax('bank'),
  {
    name: 'exchangeSpreadBps',
    kind: 'integer',
    schema: int(0, 2000),
    read: (c) => c.exchangeSpreadBps,
    write: (c, v: number) => {
      c.exchangeSpreadBps = v;
    },
  },
  {
    name: 'loanCap',
    kind: 'money',
    schema: decimal,
    read: (c) => minorToDecimal(c.loanCapMinor, 'JPY'),
    write: (c, v: string) => {
      c.loanCapMinor = mapToMinor({ JPY: v }, 'loanCap').JPY!;
    },
  },
  {
    name: 'loanDailyRateBps',
    kind: 'integer',
    schema: int(0, 1000),
    read: (c) => c.loanDailyRateBps,
    write: (c, v: number) => {
      c.loanDailyRateBps = v;
    },
  },
  {
    name: 'dayTradeLeverage',
    kind: 'integer',
    schema: int(1, 100),
    read: (c) => c.dayTradeLeverage,
    write: (c, v: number) => {
      c.dayTradeLeverage = v;
    },
  },
  {
    name: 'fundHours',
    kind: 'choice',
    choices: ['always', 'real'],
    schema: z.enum(['always', 'real']),
    read: (c) => c.fundHours,
    write: (c, v: 'always' | 'real') => {
      c.fundHours = v;
    },
  },
  {
    name: 'adjustmentApproval',
    kind: 'moneyMap',
    schema: currencyMap,
    read: (c) => mapToWire(c.adjustmentApprovalMinor),
    write: (c, v: Partial<Record<Currency, string>>) => {
      c.adjustmentApprovalMinor = completeMap('adjustmentApproval')(v);
    },
  },
];

const byName = new Map(SETTINGS.map((s) => [s.name, s]));

/** Rules across settings, checked on the candidate configuration before a change is kept. */
function crossCheck(config: Config): void {
  for (const c of CURRENCIES) {
    const min = config.withdrawMinMinor[c];
    const max = config.withdrawMaxMinor[c];
    if (min !== undefined && max !== undefined && min > max)
      refuseAdmin(400, 'min_above_max', `withdrawMin.${c}`);
  }
}

/** Applies the stored overrides over the configuration in place (every node reads `ctx.config`). */
export async function applyOverrides(db: Executor, config: Config, defaults: Config): Promise<void> {
  const rows = await db.selectFrom('config_overrides').select(['name', 'value']).execute();
  const stored = new Map(rows.map((r) => [r.name, r.value]));
  for (const setting of SETTINGS) {
    const value = stored.get(setting.name);
    const parsed = value === undefined ? null : setting.schema.safeParse(value);
    try {
      setting.write(config, (parsed?.success ? parsed.data : setting.read(defaults)) as never);
    } catch {
      setting.write(config, setting.read(defaults) as never);
    }
  }
}

function settingsView(config: Config, defaults: Config, overridden: Set<string>) {
  return SETTINGS.map((s) => ({
    name: s.name,
    kind: s.kind,
    ...(s.choices ? { choices: s.choices } : {}),
    value: s.read(config),
    default: s.read(defaults),
    overridden: overridden.has(s.name),
  }));
}

export function settingsRoutes(app: FastifyInstance, ctx: AppContext, defaults: Config): void {
  adminCall(app, admin.settings.list, async () => {
    const rows = await ctx.db.selectFrom('config_overrides').select('name').execute();
    return { list: settingsView(ctx.config, defaults, new Set(rows.map((r) => r.name))) };
  });

  adminCall(app, admin.settings.change, async ({ body, operator }) => {
    const setting = byName.get(body.name);
    if (!setting) return refuseAdmin(400, 'bad_request', 'name');
    const restore = body.value === null;
    const parsed = restore ? null : setting.schema.safeParse(body.value);
    if (parsed && !parsed.success) {
      const path = parsed.error.issues[0]?.path ?? [];
      return refuseAdmin(400, 'bad_request', ['value', ...path.map(String)].join('.'));
    }
    const candidate: Config = structuredClone(ctx.config);
    const value = restore ? setting.read(defaults) : parsed!.data;
    setting.write(candidate, value as never);
    crossCheck(candidate);
    const before = setting.read(ctx.config);
    const after = setting.read(candidate);
    const now = ctx.clock.now();
    await inTransaction(ctx.db, async (trx) => {
      if (restore) await trx.deleteFrom('config_overrides').where('name', '=', setting.name).execute();
      else
        await trx
          .insertInto('config_overrides')
          .values({
            name: setting.name,
            value: JSON.stringify(value),
            updated_by: operator.id,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc
              .column('name')
              .doUpdateSet({ value: JSON.stringify(value), updated_by: operator.id, updated_at: now }),
          )
          .execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'config_set',
          targetType: 'config',
          targetId: setting.name,
          reason: body.reason,
          details: { before, after, restored: restore },
        },
        now,
      );
    });
    setting.write(ctx.config, value as never);
    return { name: setting.name, value: after };
  });

  adminCall(app, admin.settings.history, async () => {
    const rows = await ctx.db
      .selectFrom('audit_log as l')
      .leftJoin('operators as o', 'o.id', 'l.operator_id')
      .select(['l.id', 'l.target_id', 'l.reason', 'l.details', 'l.created_at', 'o.username'])
      .where('l.action', '=', 'config_set')
      .orderBy('l.id', 'desc')
      .limit(100)
      .execute();
    return {
      list: rows.map((r) => {
        const details = (r.details ?? {}) as { before?: unknown; after?: unknown };
        return {
          id: r.id,
          name: r.target_id,
          before: details.before ?? null,
          after: details.after ?? null,
          reason: r.reason,
          operator: r.username,
          createdAt: r.created_at.toISOString(),
        };
      }),
    };
  });
}
