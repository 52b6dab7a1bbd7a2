import { del, get } from 'idb-keyval';

/** What a share sheet sent, kept by the worker until the inbox page sends it in. */
export interface Shared {
  files: File[];
  /** The shared title, text and address, one per line (what the share sheet filled in). */
  text: string;
  /** When it was received (ms since the epoch). */
  at: number;
}

/** Its key in IndexedDB (idb-keyval's default store, as the outbox and the offline copy). */
export function sharedKey(id: string): string {
  return `jammy:shared:${id}`;
}

/** Takes what was shared under `id` out of the store: it is sent in once. */
export async function takeShared(id: string): Promise<Shared | undefined> {
  const key = sharedKey(id);
  const shared = await get<Shared>(key);
  if (shared !== undefined) await del(key);
  return shared;
}
