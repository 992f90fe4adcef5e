import type { admin } from '@kabuto/contract';
import { session } from './session';

/** A refusal from the back-office API: its key and, when one input is wrong, the field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly field?: string,
  ) {
    super(key);
  }
}

async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const token = session.get()?.token;
  const res = await fetch(path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status === 401 && token) {
    // The session expired or was ended: back to sign-in.
    session.set(null);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { error?: string; field?: string };
    throw new ApiError(
      res.status,
      json.error ?? (res.status === 403 ? 'forbidden' : 'network_error'),
      json.field,
    );
  }
  return res;
}

type Call = admin.AdminCallDef;
type Input<C extends Call> = admin.AdminInputOf<C>;
/** A call's input, left out when the call takes none. */
type InputArg<C extends Call> = keyof Input<C> extends never ? [] : [input: Input<C>];

/** The call's path with its parameters filled in, and its query string. */
export function urlOf(call: Call, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The back-office API, typed from its contract (packages/contract/src/admin): a call's input
 * (params, query, body) and its answer come from the call's definition.
 */
export const adminApi = {
  call: async <C extends Call>(call: C, ...[input]: InputArg<C>): Promise<admin.AdminAnswerOf<C>> =>
    adminApi.send(call, input ?? {}) as Promise<admin.AdminAnswerOf<C>>,
  /** A call whose input is put together by a shared component (it checks its parts itself). */
  send: async (
    call: Call,
    input: { params?: unknown; query?: unknown; body?: unknown },
  ): Promise<unknown> => {
    const body = call.method === 'POST' ? (input.body ?? {}) : undefined;
    return (await request(call.method, urlOf(call, input), body)).json();
  },
  /** Fetches a file with the operator's token (images and exports are never public). */
  blob: async (path: string): Promise<Blob> => (await request('GET', path)).blob(),
};
