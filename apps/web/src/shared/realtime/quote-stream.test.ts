import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveTick, QuoteStream, type SocketLike } from './quote-stream';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const tick = (code: string, price: string, second: number): LiveTick => ({
  code,
  price,
  change: '0',
  changePercent: '0',
  volume: 100 + second,
  time: new Date(Date.UTC(2026, 0, 5, 1, 0, second)).toISOString(),
  simulated: true,
});

let sockets: FakeSocket[];
let polls: string[];
let stream: QuoteStream;

function makeStream(poll?: (code: string) => Promise<LiveTick | null>) {
  stream = new QuoteStream({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    poll:
      poll ??
      (async (code) => {
        polls.push(code);
        return tick(code, '100', polls.length);
      }),
    pollMs: 3000,
    flashMs: 700,
    idleCloseMs: 10_000,
    random: () => 1,
  });
  return stream;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  polls = [];
});
afterEach(() => {
  stream?.dispose();
  vi.useRealTimers();
});

describe('QuoteStream', () => {
  it('opens one socket and subscribes each code once however many screens show it', () => {
    makeStream();
    const a = stream.subscribe(['7203', 'AAPL'], () => {});
    const b = stream.subscribe(['7203'], () => {});
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ op: 'subscribe', codes: ['7203', 'AAPL'] }]);
    const c = stream.subscribe(['AAPL', 'NVDA'], () => {});
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'subscribe', codes: ['NVDA'] });
    a();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'subscribe', codes: ['NVDA'] });
    c();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'unsubscribe', codes: ['AAPL', 'NVDA'] });
    b();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'unsubscribe', codes: ['7203'] });
    expect(sockets).toHaveLength(1);
  });

  it('delivers pushed ticks to the listeners of that code only', () => {
    makeStream();
    const toyota = vi.fn();
    const apple = vi.fn();
    stream.subscribe(['7203'], toyota);
    stream.subscribe(['AAPL'], apple);
    sockets[0]!.open();
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2674.2', 1) });
    expect(toyota).toHaveBeenCalledTimes(1);
    expect(apple).not.toHaveBeenCalled();
    expect(stream.get('7203')?.price).toBe('2674.2');
  });

  it('flashes up or down on a changed price and clears the flash shortly after', () => {
    makeStream();
    stream.subscribe(['7203'], () => {});
    sockets[0]!.open();
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2674.2', 1) });
    expect(stream.get('7203')?.flash).toBeNull();
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2674.5', 2) });
    expect(stream.get('7203')?.flash).toBe('up');
    vi.advanceTimersByTime(400);
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2674.5', 3) });
    expect(stream.get('7203')?.flash).toBe('up');
    vi.advanceTimersByTime(300);
    expect(stream.get('7203')?.flash).toBeNull();
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2670.0', 4) });
    expect(stream.get('7203')?.flash).toBe('down');
  });

  it('ignores a quote older than the one it holds', () => {
    makeStream();
    stream.subscribe(['7203'], () => {});
    sockets[0]!.open();
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2674.2', 5) });
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2600.0', 4) });
    expect(stream.get('7203')?.price).toBe('2674.2');
  });

  it('polls the quotes while the socket is down and reconnects with growing delays', async () => {
    makeStream();
    stream.subscribe(['7203'], () => {});
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(stream.status).toBe('down');
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toEqual(['7203']);
    expect(stream.get('7203')?.price).toBe('100');
    // First retry after 1 s (random() = 1 takes the top of the jitter range).
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    sockets[2]!.open();
    expect(stream.status).toBe('open');
    expect(sockets[2]!.sent).toEqual([{ op: 'subscribe', codes: ['7203'] }]);
    const before = polls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls.length).toBe(before);
  });

  it('counts a socket that never opens as lost', async () => {
    makeStream();
    stream.subscribe(['7203'], () => {});
    expect(stream.status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(8000);
    expect(stream.status).toBe('down');
    expect(sockets[0]!.closed).toBe(true);
  });

  it('drops codes the server does not know and subscribes the rest again', () => {
    makeStream();
    stream.subscribe(['7203', 'NOPE'], () => {});
    sockets[0]!.open();
    sockets[0]!.push({ type: 'error', msg: 'not_found', field: 'codes', codes: ['NOPE'] });
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'subscribe', codes: ['7203'] });
  });

  it('closes the socket once nothing has been subscribed for a while', () => {
    makeStream();
    const release = stream.subscribe(['7203'], () => {});
    sockets[0]!.open();
    release();
    vi.advanceTimersByTime(9_999);
    expect(sockets[0]!.closed).toBe(false);
    const again = stream.subscribe(['7203'], () => {});
    vi.advanceTimersByTime(20_000);
    expect(sockets[0]!.closed).toBe(false);
    again();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(stream.status).toBe('idle');
  });

  it('releases only what each subscription took, even when released twice', () => {
    makeStream();
    const a = stream.subscribe(['7203'], () => {});
    stream.subscribe(['7203'], () => {});
    a();
    a();
    expect(stream.subscribed()).toEqual(['7203']);
  });
  it('binds the socket to the signed-in investor, again on every new socket, and keeps it open for notices', () => {
    makeStream();
    const auth = { token: 't1', account: 'reader1', language: 'us' as const };
    stream.setAuth(auth);
    // Nothing subscribed: the socket opens for the investor's notices alone.
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ op: 'auth', ...auth }]);
    vi.advanceTimersByTime(60_000);
    expect(sockets[0]!.closed).toBe(false);

    sockets[0]!.drop();
    for (let waited = 0; sockets.length < 2 && waited < 60_000; waited += 100) vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ op: 'auth', ...auth }]);

    // Another sign-in on the same socket is sent at once.
    stream.setAuth({ ...auth, token: 't2', account: 'reader2' });
    expect(sockets[1]!.sent.at(-1)).toEqual({ op: 'auth', ...auth, token: 't2', account: 'reader2' });
  });

  it('passes the investor’s notices on, and drops the socket on sign-out', () => {
    makeStream();
    const heard = vi.fn();
    stream.onNotice(heard);
    stream.setAuth({ token: 't1', account: 'reader1' });
    sockets[0]!.open();
    sockets[0]!.push({ type: 'authed', unread: 4 });
    sockets[0]!.push({ type: 'notice', id: 9, kind: 'alert', title: 'T', body: 'B', unread: 5, live: true });
    expect(heard.mock.calls).toEqual([
      [{ type: 'authed', unread: 4 }],
      [{ type: 'notice', id: 9, kind: 'alert', title: 'T', body: 'B', unread: 5, live: true }],
    ]);
    stream.setAuth(null);
    expect(sockets[0]!.closed).toBe(true);
    expect(stream.status).toBe('idle');
  });

  it('hands every tick it takes to onTick (the prices kept for an offline start)', () => {
    const kept: string[] = [];
    stream = new QuoteStream({
      connect: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      poll: async () => null,
      onTick: (t) => kept.push(`${t.code}@${t.price}`),
    });
    stream.subscribe(['7203'], () => {});
    sockets[0]!.open();
    sockets[0]!.push({ type: 'tick', ...tick('7203', '2674.2', 1) });
    expect(kept).toEqual(['7203@2674.2']);
  });
});
