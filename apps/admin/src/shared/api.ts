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

const PREFIX = '/api/admin';

async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const token = session.get()?.token;
  const res = await fetch(`${PREFIX}${path}`, {
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

export const api = {
  get: async <T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return (await request('GET', qs ? `${path}?${qs}` : path)).json() as Promise<T>;
  },
  post: async <T>(path: string, body: unknown = {}): Promise<T> =>
    (await request('POST', path, body)).json() as Promise<T>,
  /** Fetches a file with the operator's token (images and exports are never public). */
  blob: async (path: string): Promise<Blob> => (await request('GET', path.replace(PREFIX, ''))).blob(),
};

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}
