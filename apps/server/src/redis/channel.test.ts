import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/free-port';
import { RedisChannel } from './channel';

const REDIS_URL = process.env.KABUTO_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const closing: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closing) await close();
});

type Note = { n: number };
const isNote = (value: unknown): value is Note => typeof (value as Partial<Note> | null)?.n === 'number';

function channelPair() {
  const name = `kabuto:test:${randomBytes(6).toString('hex')}`;
  const errors: unknown[] = [];
  const a = new RedisChannel(REDIS_URL, name, isNote, (e) => errors.push(e));
  const b = new RedisChannel(REDIS_URL, name, isNote, (e) => errors.push(e));
  closing.push(
    () => a.close(),
    () => b.close(),
  );
  return { name, a, b, errors };
}

describe('a Redis pub/sub channel', () => {
  it('carries a message to every listener on the channel, and only messages of its shape', async () => {
    const { name, a, b, errors } = channelPair();
    const heard: Note[] = [];
    b.subscribe((note) => heard.push(note));
    await b.ready();
    const raw = new Redis(REDIS_URL);
    closing.push(async () => raw.disconnect());
    await raw.publish(name, JSON.stringify({ other: 'shape' }));
    await raw.publish(name, 'not json');
    await a.publish({ n: 1 });
    await expect.poll(() => heard).toEqual([{ n: 1 }]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SyntaxError);
  });

  it('stops a listener that unsubscribed, and no listener hears after close', async () => {
    const { a, b } = channelPair();
    const heard: number[] = [];
    const stop = b.subscribe((note) => heard.push(note.n));
    b.subscribe((note) => heard.push(note.n * 10));
    await b.ready();
    stop();
    await a.publish({ n: 2 });
    await expect.poll(() => heard).toEqual([20]);
    await b.close();
    await a.publish({ n: 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([20]);
  });

  it('closes when Redis is not there, rather than waiting for it to come back', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const channel = new RedisChannel(url, 'nowhere', isNote);
    await expect(channel.close()).resolves.toBeUndefined();
  });
});
