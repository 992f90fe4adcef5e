import { vi } from 'vitest';
import { useSession } from '../shared/session/session-store';

type Answer = unknown | ((body: Record<string, unknown>) => unknown);

export interface SentCall {
  path: string;
  body: Record<string, unknown>;
}

/**
 * The server, at the edge of the world: `fetch` answers each investor call path with its
 * envelope (`{status: 1, data}`, or a refusal for `{refuse: key}`, naming its field with
 * `{refuse: key, field}`); unknown paths are refused
 * with `not_found`. Returns the calls sent, in order.
 */
export function answerApi(answers: Record<string, Answer>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^\/api\/vue/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      sent.push({ path, body });
      const answer = answers[path];
      const data = typeof answer === 'function' ? answer(body) : answer;
      const refusal =
        answer === undefined
          ? 'not_found'
          : typeof data === 'object' && data !== null && 'refuse' in data
            ? String((data as { refuse: unknown }).refuse)
            : null;
      const field =
        refusal && typeof data === 'object' && data !== null && 'field' in data
          ? String((data as { field: unknown }).field)
          : null;
      const envelope = refusal
        ? { status: 0, msg: refusal, ...(field ? { data: { field } } : {}) }
        : { status: 1, msg: 'ok', data };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** A signed-in reader. */
export function signedIn(): void {
  useSession.getState().signIn('test-token', 'reader1');
}
