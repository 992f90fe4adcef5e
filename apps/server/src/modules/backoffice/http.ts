import { admin } from '@kabuto/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { inTransaction } from '../../db/database';
import type { DB, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { audit, type Capability, type Operator } from '../admin/port';

/** Longest reason an operator may give (SPEC §9: every refusal and change asks for one). */
export const REASON_MAX = admin.REASON_MAX;

/** A refusal of a back-office call: HTTP status and a stable key (with the field when one is wrong). */
export class AdminRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly key: string,
    readonly field?: string,
  ) {
    super(key);
  }
}
export const refuseAdmin = (status: 400 | 404 | 409, key: string, field?: string): never => {
  throw new AdminRefusal(status, key, field);
};

export interface BackofficeCall {
  method: 'GET' | 'POST';
  /** Fastify path, e.g. /api/admin/users/:id */
  url: string;
  need: Capability;
  summary: string;
}

/** The back-office calls behind the operator guard, by app (its HTTP server, shared by every plugin of it). */
const callsByApp = new WeakMap<object, BackofficeCall[]>();

/**
 * Every back-office call behind the operator guard that `app` registered (the role-matrix test
 * reads it). Per app: a process that builds several apps (tests, each with its own modules and
 * settings) keeps each one's calls apart.
 */
export function backofficeCalls(app: FastifyInstance): BackofficeCall[] {
  return callsByApp.get(app.server) ?? [];
}

function firstField(error: z.ZodError, fallback: string): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : fallback;
}

type Call = admin.AdminCallDef;

/** A refused back-office call's answer (401, 403, 400 naming the field, 404, 409): its key. */
const REFUSAL = z.object({ error: z.string(), field: z.string().optional() }).catchall(z.unknown());

/** What a handler receives: the parsed input, the operator (none for the sign-in) and the exchange. */
export type AdminContext<C extends Call> = admin.AdminParsedOf<C> & {
  operator: C['need'] extends Capability ? Operator : null;
  req: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A handler answers the call's answer, or the reply itself once it has sent something else (a
 * file, a refusal of its own).
 */
export type AdminHandler<C extends Call> = (
  input: AdminContext<C>,
) => Promise<admin.AdminAnswerOf<C> | FastifyReply>;

export interface AdminCallOptions {
  /** Requests per minute from one address (the sign-in). */
  perMinute?: number;
}

/**
 * Registers a back-office call from its contract definition (packages/contract/src/admin): the
 * operator's role is checked first (401 without a valid session, 403 without the capability),
 * then the input is parsed (400 naming the field); a refusal answers its status and key; a fault
 * is left to the app's error handler. Outside production the answer is checked against the
 * call's answer schema, and one that breaks it is a fault, as for the investor calls (route()).
 */
export function adminCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: AdminHandler<C>,
  options: AdminCallOptions = {},
): void {
  const need = call.need;
  if (need) {
    const calls = callsByApp.get(app.server) ?? [];
    callsByApp.set(app.server, calls);
    calls.push({ method: call.method, url: call.path, need, summary: call.summary });
  }
  const validateAnswers = process.env.NODE_ENV !== 'production';
  app.route({
    method: call.method,
    url: call.path,
    // The OpenAPI document is made from these (modules/system); the input is parsed below, after
    // the role check, so a refused caller learns nothing about the input.
    schema: {
      summary: call.summary,
      ...(need ? { description: `Needs the ${need} capability.`, security: [{ operator: [] }] } : {}),
      tags: ['admin'],
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      // Documented only: answers are sent as plain JSON and checked above (outside production).
      response: {
        ...(call.response ? { 200: call.response } : {}),
        '4XX': REFUSAL,
      },
    },
    attachValidation: true,
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } } : {}),
    handler: async (req, reply) => {
      const operator = need ? await app.admin.requireOperator(req, reply, need) : null;
      if (need && !operator) return reply;
      const parts = [
        ['params', call.params, req.params],
        ['query', call.query, req.query],
        ['body', call.body, req.body ?? {}],
      ] as const;
      const parsed: Record<string, unknown> = {};
      for (const [name, schema, value] of parts) {
        if (!schema) continue;
        const result = schema.safeParse(value ?? {});
        if (!result.success)
          return reply.code(400).send({ error: 'bad_request', field: firstField(result.error, name) });
        parsed[name] = result.data;
      }
      try {
        const answer = await handler({
          ...(parsed as admin.AdminParsedOf<C>),
          operator: operator as AdminContext<C>['operator'],
          req,
          reply,
        });
        // A handler that answered itself (a refusal with its own status) is left alone.
        if (answer === reply || reply.sent) return reply;
        if (validateAnswers && call.response) {
          const check = call.response.safeParse(answer);
          if (!check.success)
            throw new Error(
              `answer of ${call.method} ${call.path} breaks its contract: ${check.error.message}`,
            );
        }
        return answer;
      } catch (error) {
        if (error instanceof AdminRefusal)
          return reply
            .code(error.status)
            .send({ error: error.key, ...(error.field ? { field: error.field } : {}) });
        if (error instanceof DomainError)
          return reply.code(400).send({ error: error.key, ...(error.data ?? {}) });
        throw error;
      }
    },
  });
}

/** One operator's change of one thing, with its reason (SPEC §0.6, §9). */
export interface ReasonedChange<Row extends { id: number }, Answer> {
  operator: Operator;
  reason: string;
  /** The audit entry's action and the kind of thing changed. */
  action: string;
  targetType: string;
  /** The thing, locked; refuses (refuseAdmin) when it may no longer change. */
  load: (trx: Tx, now: Date) => Promise<Row>;
  /** Makes the change: the answer, and the audit entry's details (before and after). */
  apply: (trx: Tx, before: Row, now: Date) => Promise<{ answer: Answer; details: unknown }>;
}

/**
 * Changes one thing with a reason in one transaction: loads it locked (refusing when it may no
 * longer change), applies the change, and writes the audit entry with the operator, the reason
 * and the details before and after.
 */
export async function changeWithReason<Row extends { id: number }, Answer>(
  ctx: { db: DB; clock: Clock },
  change: ReasonedChange<Row, Answer>,
): Promise<Answer> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const before = await change.load(trx, now);
    const { answer, details } = await change.apply(trx, before, now);
    await audit(
      trx,
      {
        operatorId: change.operator.id,
        action: change.action,
        targetType: change.targetType,
        targetId: before.id,
        reason: change.reason,
        details,
      },
      now,
    );
    return answer;
  });
}

/**
 * The changes of one kind of thing (a product): each loaded by `load` (locked, refused when it may
 * no longer change), made by its own `apply`, and answered and audited by `outcome` from the
 * thing before and after.
 */
export function reasonedChanges<Row extends { id: number }, After, Answer>(
  ctx: { db: DB; clock: Clock },
  kind: {
    targetType: string;
    load: (trx: Tx, id: number, now: Date) => Promise<Row>;
    outcome: (before: Row, after: After, now: Date) => { answer: Answer; details: unknown };
  },
) {
  return (
    id: number,
    operator: Operator,
    reason: string,
    action: string,
    apply: (trx: Tx, before: Row, now: Date) => Promise<After>,
  ): Promise<Answer> =>
    changeWithReason(ctx, {
      operator,
      reason,
      action,
      targetType: kind.targetType,
      load: (trx, now) => kind.load(trx, id, now),
      apply: async (trx, before, now) => kind.outcome(before, await apply(trx, before, now), now),
    });
}
