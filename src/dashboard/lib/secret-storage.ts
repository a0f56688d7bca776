/**
 * Where the access secret is kept: this browser tab's sessionStorage and nowhere else (never a
 * cookie, localStorage, a URL or a log), so it is forgotten when the tab closes. With storage
 * switched off it lives in memory for this page only.
 */
export interface SecretStorage {
  get(): string | null;
  set(secret: string): void;
  remove(): void;
}

export const STORAGE_KEY = 'counter.dashboard.secret';

/** The part of the Web Storage API used here (sessionStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function tabStorage(storage: () => KeyValueStorage): SecretStorage {
  const attempt = <T>(fn: (s: KeyValueStorage) => T, fallback: T): T => {
    try {
      return fn(storage());
    } catch {
      return fallback;
    }
  };
  return {
    get: () => attempt((s) => s.getItem(STORAGE_KEY), null),
    set: (secret) => attempt((s) => s.setItem(STORAGE_KEY, secret), undefined),
    remove: () => attempt((s) => s.removeItem(STORAGE_KEY), undefined),
  };
}

export function memoryStorage(): SecretStorage {
  let value: string | null = null;
  return {
    get: () => value,
    set: (secret) => void (value = secret),
    remove: () => void (value = null),
  };
}
