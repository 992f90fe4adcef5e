import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../errors';
import type { Capability, Operator } from '../admin/port';

/** Longest reason an operator may give (SPEC §9: every refusal and change asks for one). */
export const REASON_MAX = 500;
export const reasonField = z.string().trim().min(1).max(REASON_MAX);
export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

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

/** Every back-office call this module registers: the OpenAPI document and the role-matrix test read it. */
export const BACKOFFICE_CALLS: BackofficeCall[] = [];

interface CallSpec<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType> extends BackofficeCall {
  query?: Q;
  body?: B;
  params?: P;
}

function firstField(error: z.ZodError, fallback: string): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : fallback;
}

/**
 * Registers a back-office call: the operator's role is checked first (401 without a valid
 * session, 403 without the capability), then the input is parsed (400 naming the field); a
 * refusal answers its status and key; a fault is left to the app's error handler.
 */
export function adminCall<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType>(
  app: FastifyInstance,
  spec: CallSpec<Q, B, P>,
  handler: (input: {
    operator: Operator;
    query: z.output<Q>;
    body: z.output<B>;
    params: z.output<P>;
    req: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<unknown>,
): void {
  BACKOFFICE_CALLS.push({ method: spec.method, url: spec.url, need: spec.need, summary: spec.summary });
  app.route({
    method: spec.method,
    url: spec.url,
    // The OpenAPI document is made from these (modules/system); the input is parsed below, after
    // the role check, so a refused caller learns nothing about the input.
    schema: {
      summary: spec.summary,
      description: `Needs the ${spec.need} capability.`,
      tags: ['admin'],
      security: [{ operator: [] }],
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
    },
    attachValidation: true,
    handler: async (req, reply) => {
      const operator = await app.admin.requireOperator(req, reply, spec.need);
      if (!operator) return reply;
      const parts = [
        ['params', spec.params, req.params],
        ['query', spec.query, req.query],
        ['body', spec.body, req.body ?? {}],
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
        return await handler({
          operator,
          query: parsed.query as z.output<Q>,
          body: parsed.body as z.output<B>,
          params: parsed.params as z.output<P>,
          req,
          reply,
        });
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
