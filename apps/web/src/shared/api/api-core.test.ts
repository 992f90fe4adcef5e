import { configCall, getUserinfoCall, loginCall, unreadCountCall, withdrawCall } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { type ApiEnvironment, ApiError, createApiClient } from './api-core';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function harness(
  answer: (sent: Sent) => Response | Promise<Response>,
  session = { token: 'tok', account: 'alice1' },
  extra: Partial<ApiEnvironment> = {},
) {
  const events: string[] = [];
  const requests: Sent[] = [];
  const env: ApiEnvironment = {
    baseUrl: '/api/vue',
    fetch: async (input, init) => {
      const headers = Object.fromEntries(Object.entries(init?.headers ?? {}));
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const sent = { url: String(input), headers, body };
      requests.push(sent);
      return answer(sent);
    },
    session: () => session,
    market: () => 'usd',
    newIdempotencyKey: () => 'generated-key',
    showLoading: () => events.push('loading:show'),
    hideLoading: () => events.push('loading:hide'),
    showError: (key) => events.push(`toast:${key}`),
    onUnauthorized: () => events.push('unauthorized'),
    onUserinfoRefused: () => events.push('logout'),
    ...extra,
  };
  return { client: createApiClient(env), events, requests };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('posts JSON with the session headers and the selected market as `type`', async () => {
    const { client, requests } = harness(() => json({ status: 1, msg: 'ok', data: { count: 3 } }));
    await expect(client.call(unreadCountCall, {})).resolves.toEqual({ count: 3 });
    expect(requests[0]?.url).toBe('/api/vue/user/unreadCount');
    expect(requests[0]?.headers).toMatchObject({
      token: 'tok',
      account: 'alice1',
      'Content-Type': 'application/json',
    });
    expect(requests[0]?.body).toEqual({ type: 'usd' });
  });

  it('keeps a `type` the caller sets (config asks for all)', async () => {
    const { client, requests } = harness(() =>
      json({ status: 1, msg: 'ok', data: [{ name: 'kefu', value: '' }] }),
    );
    await client.call(configCall, { type: 'all' });
    expect(requests[0]?.body).toEqual({ type: 'all' });
  });

  it('rejects a refusal with its key and field and toasts it after clearing the loading indicator', async () => {
    const { client, events } = harness(() =>
      json({ status: 0, msg: 'login_failed', data: { field: 'password' } }),
    );
    const error = await client.call(loginCall, { account: 'alice1', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ key: 'login_failed', field: 'password' });
    expect(events).toEqual(['loading:show', 'loading:hide', 'toast:login_failed']);
  });

  it('still toasts a network failure when only refusals are silenced', async () => {
    const { client, events } = harness(() => Promise.reject(new TypeError('offline')));
    await expect(
      client.call(loginCall, { account: 'a', password: 'b' }, { silent: true }),
    ).rejects.toMatchObject({
      key: 'network_error',
    });
    expect(events).toContain('toast:network_error');
  });

  it('toasts nothing for a fully silent call', async () => {
    const { client, events } = harness(() => Promise.reject(new TypeError('offline')));
    await expect(client.call(unreadCountCall, {}, { silent: 'all', loading: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(events).toEqual([]);
  });

  it('does not toast a refusal the caller shows itself', async () => {
    const { client, events } = harness(() =>
      json({ status: 0, msg: 'account_exists', data: { field: 'account' } }),
    );
    await expect(
      client.call(loginCall, { account: 'a', password: 'b' }, { silent: true }),
    ).rejects.toMatchObject({
      key: 'account_exists',
    });
    expect(events).not.toContain('toast:account_exists');
  });

  it('hands HTTP 401 to the session handler', async () => {
    const { client, events } = harness(() => json({ status: 0, msg: 'session_expired' }, 401));
    await expect(client.call(unreadCountCall, {})).rejects.toMatchObject({
      key: 'session_expired',
      httpStatus: 401,
    });
    expect(events).toEqual(['loading:show', 'loading:hide', 'unauthorized']);
  });

  it('only dismisses the loading indicator on HTTP 503 and 404', async () => {
    for (const status of [503, 404]) {
      const { client, events } = harness(() => new Response('down', { status }));
      await expect(client.call(unreadCountCall, {})).rejects.toBeInstanceOf(ApiError);
      expect(events).toEqual(['loading:show', 'loading:hide']);
    }
  });

  it('turns a failed connection into network_error', async () => {
    const { client, events } = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.call(unreadCountCall, {})).rejects.toMatchObject({ key: 'network_error' });
    expect(events).toEqual(['loading:show', 'loading:hide', 'toast:network_error']);
  });

  it('logs the user out when /user/getUserinfo is refused', async () => {
    const { client, events } = harness(() => json({ status: 0, msg: 'account_blocked' }));
    await expect(client.call(getUserinfoCall, {})).rejects.toMatchObject({ key: 'account_blocked' });
    expect(events).toContain('logout');
  });

  it('sends an Idempotency-Key on idempotent calls, fresh by default and reused on retry', async () => {
    const orderCall = { ...unreadCountCall, path: '/trade/order', idempotent: true };
    const { client, requests } = harness(() => json({ status: 1, msg: 'place', data: { count: 0 } }));
    await client.call(orderCall, {});
    await client.call(orderCall, {}, { idempotencyKey: 'submit-1' });
    await client.call(unreadCountCall, {});
    expect(requests[0]?.headers['Idempotency-Key']).toBe('generated-key');
    expect(requests[1]?.headers['Idempotency-Key']).toBe('submit-1');
    expect(requests[2]?.headers['Idempotency-Key']).toBeUndefined();
  });

  it('shows one loading indicator for overlapping calls and hides it after the last', async () => {
    const releases: Array<() => void> = [];
    const { client, events } = harness(
      () =>
        new Promise<Response>((resolve) =>
          releases.push(() => resolve(json({ status: 1, msg: 'ok', data: { count: 1 } }))),
        ),
    );
    const a = client.call(unreadCountCall, {});
    const b = client.call(unreadCountCall, {});
    const silent = client.call(unreadCountCall, {}, { loading: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(client.inFlight).toBe(2);
    for (const release of releases) release();
    await Promise.all([a, b, silent]);
    expect(events).toEqual(['loading:show', 'loading:hide']);
  });

  it('rejects an answer that does not match the contract', async () => {
    const { client, events } = harness(() => json({ status: 1, msg: 'ok', data: { count: 'many' } }));
    const original = console.error;
    console.error = () => {};
    try {
      await expect(client.call(unreadCountCall, {})).rejects.toMatchObject({ key: 'error' });
    } finally {
      console.error = original;
    }
    expect(events).toContain('toast:error');
  });

  it('uploads multipart form data with the market and files', async () => {
    const { client, requests } = harness(() => json({ status: 1, msg: 'upload', data: { count: 0 } }));
    await client.upload(unreadCountCall, {
      name: 'Alice',
      front: new Blob(['x'], { type: 'image/png' }),
      skip: undefined,
    });
    const form = requests[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    if (!(form instanceof FormData)) return;
    expect(form.get('type')).toBe('usd');
    expect(form.get('name')).toBe('Alice');
    expect(form.get('front')).toBeInstanceOf(Blob);
    expect(form.has('skip')).toBe(false);
    expect(requests[0]?.headers['Content-Type']).toBeUndefined();
  });

  describe('step-up (SPEC §13.1)', () => {
    const withdrawal = { amount: '30000', card_id: 3, fund_password: 'fund123' };
    const stepUpRefusal = () => json({ status: 0, msg: 'step_up_required', data: {} });

    it('asks for a fresh proof, then sends the refused call again with the same Idempotency-Key', async () => {
      let answers = 0;
      const { client, requests, events } = harness(
        () => {
          answers += 1;
          return answers === 1 ? stepUpRefusal() : json({ status: 0, msg: 'amount_too_low', data: {} });
        },
        undefined,
        {
          newIdempotencyKey: () => `key-${answers}`,
          stepUp: async () => {
            events.push('step-up');
            return true;
          },
        },
      );
      const error = await client.call(withdrawCall, withdrawal).catch((e: unknown) => e);
      // The second answer is the withdrawal's own (here a refusal, to see it reach the caller).
      expect(error).toMatchObject({ key: 'amount_too_low' });
      expect(requests).toHaveLength(2);
      expect(requests[1]?.body).toEqual(requests[0]?.body);
      expect(requests[1]?.headers['Idempotency-Key']).toBe(requests[0]?.headers['Idempotency-Key']);
      expect(events).toContain('step-up');
      expect(events).not.toContain('toast:step_up_required');
    });

    it('stops quietly when the reader closes the step-up, sending nothing more', async () => {
      const { client, requests, events } = harness(stepUpRefusal, undefined, { stepUp: async () => false });
      await expect(client.call(withdrawCall, withdrawal)).rejects.toMatchObject({ key: 'step_up_required' });
      expect(requests).toHaveLength(1);
      expect(events.filter((e) => e.startsWith('toast:'))).toEqual([]);
    });
  });
});
