import { CART_MAX_ITEMS } from '@jammy/shared/shop';

/** A visitor's cart lives in this browser until they sign in (then it joins their account's). */
const KEY = 'jammy.cart';
const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The product ids in this browser's cart (the same array until it changes). */
export function localCart(): string[] {
  const raw = read();
  if (raw === cached.raw) return cached.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      ids = [...new Set(parsed.filter((id): id is string => typeof id === 'string'))].slice(
        0,
        CART_MAX_ITEMS,
      );
    }
  } catch {
    ids = [];
  }
  cached = { raw, ids };
  return ids;
}

export function saveLocalCart(ids: string[]): void {
  try {
    if (ids.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(ids.slice(0, CART_MAX_ITEMS)));
  } catch {
    // Private browsing without storage: the cart lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: changes here and in other tabs. */
export function subscribeLocalCart(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
