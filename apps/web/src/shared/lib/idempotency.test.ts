import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses randomUUID when the context offers it', () => {
    expect(
      newIdempotencyKey({
        getRandomValues: (a) => a,
        randomUUID: () => '00000000-0000-4000-8000-000000000000',
      }),
    ).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('builds a version-4 UUID from random bytes on plain HTTP, where randomUUID is missing', () => {
    const insecure = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
