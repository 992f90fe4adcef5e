import type { admin } from '@kabuto/contract';
import { useSyncExternalStore } from 'react';

export type Role = admin.OperatorRole;
export interface OperatorSession {
  token: string;
  role: Role;
  username: string;
}

const KEY = 'adminSession';
const listeners = new Set<() => void>();

function read(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as OperatorSession) : null;
  } catch {
    return null;
  }
}

let current = read();

/**
 * The operator's session, kept in sessionStorage (a back-office token does not outlive the
 * browser tab). A 401 from any call ends it and the app shows the sign-in page.
 */
export const session = {
  get: () => current,
  set(next: OperatorSession | null) {
    current = next;
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);

/** SPEC §9: what each role may open (the server enforces the same on every call). */
export const ROLE_AREAS: Record<Role, ReadonlySet<string>> = {
  admin: new Set([
    'dashboard',
    'reviews',
    'daytrades',
    'users',
    'adjustments',
    'block',
    'news',
    'copy',
    'messages',
    'notify',
    'config',
    'audit',
    'operators',
    'newshares',
  ]),
  reviewer: new Set(['dashboard', 'reviews', 'daytrades']),
  operator: new Set(['dashboard', 'block', 'newshares', 'copy', 'news', 'messages', 'notify', 'config']),
};
