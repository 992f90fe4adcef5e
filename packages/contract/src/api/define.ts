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

export function defineCall<const D extends CallDef>(def: D): D {
  return def;
}

/** `type` = the selected market, sent with every call (SPEC §8). */
export const zMarketType = zod.enum(MARKETS).default('jpy');
export const withType = <S extends zod.ZodRawShape>(shape: S) => zod.object({ type: zMarketType, ...shape });

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;
