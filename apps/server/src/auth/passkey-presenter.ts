import type { Passkey } from '@jammy/shared/passkeys';
import type { PasskeyRow } from './passkey-store';

/** A passkey as its traveller sees it: never its key or credential id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}
