import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../envelope';

/** What an operator's role must allow for a call (SPEC §9 roles). */
export type Capability = 'review' | 'list' | 'admin' | 'view';

/** The parts of a back-office request that have a schema. */
export const ADMIN_INPUTS = ['params', 'query', 'body'] as const;
type Part = (typeof ADMIN_INPUTS)[number] | 'response';

/**
 * One back-office call (SPEC §9): JSON under /api/admin, `Authorization: Bearer <token>`. The
 * server registers its route from this (backoffice/http.ts `adminCall`), validating the input
 * and, outside production, the answer; the back-office app types its calls from it. A call with
 * no `response` answers a file (an image, a CSV export), not JSON.
 */
export interface AdminCallSpec {
  method: 'GET' | 'POST';
  /** Fastify path, e.g. /api/admin/users/:id */
  path: string;
  summary: string;
  /** What the operator's role must allow; none for the sign-in itself. */
  need?: Capability;
  params?: () => z.ZodType;
  query?: () => z.ZodType;
  body?: () => z.ZodType;
  response?: () => z.ZodType;
}

/** The call a spec defines: its schemas as values, made on first use. */
export type AdminCallOf<S extends AdminCallSpec> = Omit<S, Part> & {
  readonly [K in Part & keyof S]: S[K] extends () => infer T ? T : never;
};

/** Any defined back-office call. */
export interface AdminCallDef {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  need?: Capability;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

/** Defines a back-office call whose schemas are made the first time they are read. */
export function defineAdminCall<const S extends AdminCallSpec>(spec: S): AdminCallOf<S> {
  const call = { ...spec } as Record<string, unknown>;
  for (const part of [...ADMIN_INPUTS, 'response'] as const) {
    const make = spec[part];
    if (!make) continue;
    let made: z.ZodType | undefined;
    Object.defineProperty(call, part, { enumerable: true, get: () => (made ??= make()) });
  }
  return call as AdminCallOf<S>;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the back-office app sends for a call: only the parts it has. */
export type AdminInputOf<C extends AdminCallDef> = {
  [K in (typeof ADMIN_INPUTS)[number] as C[K] extends z.ZodType ? K : never]: Input<C[K]>;
};
/** What the back-office app sends as a call's body. */
export type AdminBodyOf<C extends AdminCallDef> = Input<C['body']>;
/** The parsed input the server's handler receives. */
export type AdminParsedOf<C extends AdminCallDef> = {
  [K in (typeof ADMIN_INPUTS)[number]]: Output<C[K]>;
};
/** A call's answer. */
export type AdminAnswerOf<C extends AdminCallDef> = C['response'] extends z.ZodType
  ? z.output<C['response']>
  : unknown;

/** Longest reason an operator may give (SPEC §9: every refusal and change asks for one). */
export const REASON_MAX = 500;
export const zReason = z.string().trim().min(1).max(REASON_MAX);
export const zOptionalReason = z.string().trim().max(REASON_MAX).optional();
export const zIdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const zPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
/** A change that only needs its reason. */
export const zReasonBody = z.object({ reason: zReason }).strict();
/** A page of a list, as the back office answers it. */
export const zAdminPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const zList = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item) });
export const zIdAnswer = z.object({ id: z.number().int() });
export const zOk = z.object({ ok: z.boolean() });
/** Text in the three product languages (SPEC §1). */
export const zNames = z.object({ cn: z.string(), us: z.string(), jp: z.string() });
export const zIso = z.string().describe('ISO 8601');
