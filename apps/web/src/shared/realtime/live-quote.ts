import { type QuoteView, quoteCall } from '@kabuto/contract';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { callApi } from '../api/client';
import { PRICE_FLASH_MS } from '../ui/trend-text';
import { rememberQuote } from './last-quotes';
import {
  type LiveQuote,
  type LiveTick,
  QuoteStream,
  type SocketLike,
  type StreamStatus,
} from './quote-stream';

/** SPEC §8: the quote stream lives at /api/ws on the server that serves the app. */
export function quoteStreamUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

export function tickOfQuote(quote: QuoteView): LiveTick {
  return {
    code: quote.code,
    price: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
    volume: quote.volume,
    time: quote.time,
    simulated: quote.simulated,
  };
}

/** The browser WebSocket seen through the stream's small socket interface. */
function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onclose = (event) => socket.onclose?.(event);
  ws.onerror = (event) => socket.onerror?.(event);
  ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
  return socket;
}

let shared: QuoteStream | null = null;

/** The app's one quote stream, created on first use. */
export function quoteStream(): QuoteStream {
  shared ??= new QuoteStream({
    connect: () => browserSocket(quoteStreamUrl()),
    poll: async (code) => tickOfQuote(await callApi(quoteCall, { code }, { loading: false, silent: 'all' })),
    flashMs: PRICE_FLASH_MS,
    onTick: rememberQuote,
  });
  return shared;
}

const NONE: Readonly<Record<string, LiveQuote | undefined>> = Object.freeze({});

/**
 * How often screens redraw live prices at most. Ticks arrive about once a second per code, so a
 * list of ten codes would otherwise re-render ten times a second (and again when each flash ends);
 * every screen's pending changes are drawn together, in one render, at this pace.
 */
export const LIVE_RENDER_MS = 500;

const pending = new Set<() => void>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function flushLiveChanges(): void {
  flushTimer = null;
  const listeners = [...pending];
  pending.clear();
  for (const listener of listeners) listener();
}

/** Subscribes to the stream with `onChange` called at most once per LIVE_RENDER_MS, with every other screen's. */
function subscribeCoalesced(codes: readonly string[], onChange: () => void): () => void {
  const release = quoteStream().subscribe(codes, () => {
    pending.add(onChange);
    if (flushTimer === null) flushTimer = setTimeout(flushLiveChanges, LIVE_RENDER_MS);
  });
  return () => {
    release();
    pending.delete(onChange);
  };
}

/**
 * Latest quotes of `codes`, pushed from the stream (polled while it is down), each with the
 * flash of its last move. Codes without a tick yet are missing from the answer.
 */
export function useLiveQuotes(codes: readonly string[]): Readonly<Record<string, LiveQuote | undefined>> {
  const key = [...new Set(codes)].join(',');
  const cache = useRef<{
    key: string;
    entries: Array<LiveQuote | undefined>;
    value: Record<string, LiveQuote | undefined>;
  } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => (key ? subscribeCoalesced(key.split(','), onChange) : () => {}),
    [key],
  );
  const getSnapshot = useCallback(() => {
    if (!key) return NONE;
    const list = key.split(',');
    const stream = quoteStream();
    const entries = list.map((code) => stream.get(code));
    const previous = cache.current;
    if (previous && previous.key === key && previous.entries.every((e, i) => e === entries[i]))
      return previous.value;
    const value: Record<string, LiveQuote | undefined> = {};
    list.forEach((code, i) => {
      value[code] = entries[i];
    });
    cache.current = { key, entries, value };
    return value;
  }, [key]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The latest quote of one code with its flash ('up' | 'down' | null); undefined before the first tick. */
export function useLiveQuote(code: string | null | undefined): LiveQuote | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (code ? subscribeCoalesced([code], onChange) : () => {}),
    [code],
  );
  const getSnapshot = useCallback(() => (code ? quoteStream().get(code) : undefined), [code]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Whether prices are pushed live or polled (the socket is down). */
export function useQuoteStreamStatus(): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>(() => quoteStream().status);
  useEffect(() => {
    const stream = quoteStream();
    setStatus(stream.status);
    return stream.onStatus(setStatus);
  }, []);
  return status;
}
