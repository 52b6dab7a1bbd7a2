import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { deletePasskey, renamePasskey, type PasskeyRow } from '../../auth/passkey-store';

/** Renames the traveller's passkey: another's, or none, is a 404 (as if it did not exist). */
export async function renameMyPasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow> {
  const row = await renamePasskey(db, userId, id, name);
  if (!row) throw new AppError('passkey/not-found', 'There is no such passkey');
  return row;
}

/**
 * Removes the traveller's passkey: it signs nobody in from now on (the device still holds it,
 * and the browser offers it until the traveller deletes it there).
 */
export async function removeMyPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow> {
  const row = await deletePasskey(db, userId, id);
  if (!row) throw new AppError('passkey/not-found', 'There is no such passkey');
  return row;
}
