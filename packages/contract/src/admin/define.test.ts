import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCalls, defineAdminCall, users } from './index';

describe('defineAdminCall', () => {
  it('makes a call’s schemas on first read, once', () => {
    let made = 0;
    const call = defineAdminCall({
      method: 'GET',
      path: '/api/admin/test',
      summary: 'lazy',
      need: 'view',
      response: () => {
        made += 1;
        return z.object({ n: z.number() });
      },
    });
    expect(made).toBe(0);
    const first = call.response;
    expect(call.response).toBe(first);
    expect(made).toBe(1);
    expect('query' in call).toBe(false);
  });

  it('defines every back-office call once, under /api/admin, with an answer unless it serves a file', () => {
    const calls = adminCalls();
    expect(calls.length).toBeGreaterThan(50);
    const keys = calls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const files = calls.filter((c) => !c.response).map((c) => c.path);
    expect(files.sort()).toEqual(['/api/admin/audit.csv', '/api/admin/files/:id']);
    for (const call of calls) {
      expect(call.path).toMatch(/^\/api\/admin\//);
      for (const part of ['params', 'query', 'body', 'response'] as const)
        if (call[part]) expect(typeof call[part].safeParse).toBe('function');
    }
  });

  it('tells an answer that breaks its schema from one that keeps it', () => {
    const user = {
      id: 1,
      account: 'a@example.com',
      realName: null,
      kyc: 'verified',
      flags: { banned: false, frozen: false, tradeBarred: false },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(users.search.response.safeParse({ list: [user] }).success).toBe(true);
    expect(users.search.response.safeParse({ list: [{ ...user, flags: null }] }).success).toBe(false);
    expect(users.search.response.safeParse({ items: [user] }).success).toBe(false);
  });
});
