import { EventEmitter } from 'node:events';
import { RedisChannel } from '../redis/channel';
import type { FxTable } from './simulator';
import type { Tick } from './types';

/**
 * What travels between nodes: the feed leader's ticks and FX rates to every node's market
 * service, and each node's news of the positions and price alerts it placed or changed to every
 * other node's matching engine and alert watcher (`node` names the sender, which ignores its own
 * news).
 */
export type BusMessage =
  | { kind: 'ticks'; ticks: Tick[] }
  | { kind: 'fx'; rates: FxTable }
  | { kind: 'positions'; node: string; ids: number[] }
  | { kind: 'alerts'; node: string; ids: number[] };

/**
 * The tick bus (ARCHITECTURE "Market", "Scale-out"): in-process by default; Redis pub/sub when
 * REDIS_URL is set, so one leader's ticks reach every node.
 */
export interface TickBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export class LocalTickBus implements TickBus {
  private readonly emitter = new EventEmitter();

  async publish(message: BusMessage): Promise<void> {
    this.emitter.emit('message', message);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The tick bus's Redis channel of a deployment (REDIS_PREFIX, SPEC §11). */
export function busChannel(redisPrefix: string): string {
  return `${redisPrefix}:market`;
}

export function isBusMessage(value: unknown): value is BusMessage {
  if (!value || typeof value !== 'object') return false;
  const kind = (value as { kind?: unknown }).kind;
  if (kind === 'ticks') return Array.isArray((value as { ticks?: unknown }).ticks);
  if (kind === 'fx') return typeof (value as { rates?: unknown }).rates === 'object';
  if (kind === 'positions' || kind === 'alerts') {
    const { node, ids } = value as { node?: unknown; ids?: unknown };
    return typeof node === 'string' && Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id));
  }
  return false;
}

/** The bus over Redis pub/sub (REDIS_URL): one channel per deployment. */
export class RedisTickBus extends RedisChannel<BusMessage> implements TickBus {
  constructor(url: string, channel: string, onError: (error: unknown) => void = () => {}) {
    super(url, channel, isBusMessage, onError);
  }
}
