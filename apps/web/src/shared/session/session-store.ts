import { create } from 'zustand';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

interface SessionState {
  token: string | null;
  account: string | null;
  signIn(token: string, account: string): void;
  /** Forgets the session (token and account) here and in local storage. */
  clear(): void;
}

/** The signed-in session, mirrored to local storage `token` and `account` (SPEC §3). */
export const useSession = create<SessionState>((set) => ({
  token: readStorage(STORAGE_KEYS.token),
  account: readStorage(STORAGE_KEYS.account),
  signIn(token, account) {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.account, account);
    set({ token, account });
  },
  clear() {
    removeStorage(STORAGE_KEYS.token);
    removeStorage(STORAGE_KEYS.account);
    set({ token: null, account: null });
  },
}));

export const hasSession = () => Boolean(useSession.getState().token);
