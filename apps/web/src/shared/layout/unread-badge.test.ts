import { describe, expect, it } from 'vitest';
import { unreadBadge } from './unread-badge';

describe('message bell badge', () => {
  it('shows nothing when every message is read', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(undefined)).toBeNull();
  });

  it('shows the count up to 99 and caps it above', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});
