/**
 * Local storage keys (SPEC §3). The names are part of the product: other tools and the seed's
 * users rely on them, so they are spelled exactly like this.
 */
export const STORAGE_KEYS = {
  token: 'token',
  account: 'account',
  searchList: 'searchList',
  language: 'language',
  stock: 'stock',
  /** Price-colour override set in /mine/index (SPEC §12). */
  colorScheme: 'colorScheme',
  /** The investor set the passkey invitation aside (SPEC §13.1: they can skip it). */
  passkeyInviteSkipped: 'passkeyInviteSkipped',
  /** The last prices received and when, shown on an offline start (SPEC §13.3). */
  lastQuotes: 'lastQuotes',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Private browsing modes may throw on access; the app keeps working without persistence then.
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value lives for this page only.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
