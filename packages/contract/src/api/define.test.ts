import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from './define';
import { API } from './index';

describe('defineCall', () => {
  it('makes a call’s schemas on first read, once', () => {
    let made = 0;
    const call = defineCall({
      path: '/test/lazy',
      summary: 'lazy',
      auth: false,
      request: () => {
        made += 1;
        return z.object({ n: z.number() });
      },
      response: () => z.null(),
    });
    expect(made).toBe(0);
    const first = call.request;
    expect(made).toBe(1);
    expect(call.request).toBe(first);
    expect(made).toBe(1);
    expect(call.request.parse({ n: 1 })).toEqual({ n: 1 });
    expect(call.response.parse(null)).toBeNull();
  });

  it('keeps every call’s path, flags and schemas readable as plain properties', () => {
    for (const call of Object.values(API)) {
      expect(call.path).toMatch(/^\//);
      expect(Object.keys(call)).toEqual(expect.arrayContaining(['path', 'request', 'response']));
      expect(typeof call.request.safeParse).toBe('function');
      expect(typeof call.response.safeParse).toBe('function');
    }
  });
});
