import type { z } from 'zod';
import { z as zod } from 'zod';
import { MARKETS } from '../enums';

/**
 * One investor call: its path under /api/vue, request and answer schemas, and how it is guarded.
 * The server registers routes from these, the web app types its fetchers from them and the
 * OpenAPI document at /api/docs is generated from them.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  /** Needs a session (headers `token` + `account`); 401 otherwise. */
  auth: boolean;
  /** Money-moving or order call: honours the Idempotency-Key header. */
  idempotent?: boolean;
  /** multipart/form-data (file uploads). */
  multipart?: boolean;
  request: Req;
  response: Res;
}

/** A call as written in `api/*.ts`: its schemas are made on first use. */
export type CallSpec = Omit<CallDef, 'request' | 'response'> & {
  request: () => z.ZodType;
  response: () => z.ZodType;
};

/** The call a spec defines: its schemas as values. */
export type CallOf<S extends CallSpec> = Omit<S, 'request' | 'response'> & {
  readonly request: ReturnType<S['request']>;
  readonly response: ReturnType<S['response']>;
};

/**
 * Defines a call whose schemas are made the first time they are read. The server reads them
 * all at start; the web app only those of the calls a screen makes, so opening the app does
 * not build the schemas of every screen at once.
 */
export function defineCall<const S extends CallSpec>(spec: S): CallOf<S> {
  let request: z.ZodType | undefined;
  let response: z.ZodType | undefined;
  const call = { ...spec } as Record<string, unknown>;
  Object.defineProperties(call, {
    request: { enumerable: true, get: () => (request ??= spec.request()) },
    response: { enumerable: true, get: () => (response ??= spec.response()) },
  });
  return call as CallOf<S>;
}

/** `type` = the selected market, sent with every call (SPEC §8). */
export const zMarketType = zod.enum(MARKETS).default('jpy');
export const withType = <S extends zod.ZodRawShape>(shape: S) => zod.object({ type: zMarketType, ...shape });

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;
