import type { Passkey, PasskeyList } from '@jammy/shared/passkeys';
import { eq, like } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { clientOf } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { purgeExpiredPasskeyChallenges } from '../../auth/passkeys';
import type { Db } from '../../db/client';
import { session, verification } from '../../db/schema/auth';
import { passkey } from '../../db/schema/passkeys';
import { hasPasskey, insertPasskey } from '../../auth/passkey-store';

const test = serverTest();

/** A passkey of `userId` as a registration stores it (its key need not check anything here). */
async function storedPasskey(db: Db, userId: string, name = 'Phone') {
  const row = await insertPasskey(db, {
    userId,
    name,
    credentialId: `credential-${crypto.randomUUID()}`,
    publicKey: 'pQECAyYgASFYIA',
    counter: 0,
    transports: ['internal'],
    aaguid: '00000000-0000-0000-0000-000000000000',
    backedUp: false,
  });
  if (!row) throw new Error('the passkey was not stored');
  return row;
}

describe('passkeys', () => {
  test('are listed, renamed and removed by their traveller only', async ({ server, owner }) => {
    const db = server.database.db;
    const mine = await storedPasskey(db, owner.account?.id ?? '', 'Laptop');
    const stranger = await server.traveller({ label: 'stranger' });

    const theirs = expectStatus<PasskeyList>(await stranger.get('/api/me/passkeys'), 200);
    expect(theirs.items).toEqual([]);
    const renamed = await stranger.patch(`/api/me/passkeys/${mine.id}`, { name: 'Mine now' });
    expect(renamed.statusCode).toBe(404);
    expect(renamed.json<{ error: { code: string } }>().error.code).toBe('passkey/not-found');
    expect((await stranger.delete(`/api/me/passkeys/${mine.id}`)).statusCode).toBe(404);
    const [kept] = await db.select().from(passkey).where(eq(passkey.id, mine.id));
    expect(kept?.name).toBe('Laptop');

    const listed = expectStatus<PasskeyList>(await owner.get('/api/me/passkeys'), 200);
    expect(listed.items).toEqual([
      {
        id: mine.id,
        name: 'Laptop',
        createdAt: mine.createdAt.toISOString(),
        lastUsedAt: null,
        backedUp: false,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(mine.credentialId);
    const named = expectStatus<Passkey>(
      await owner.patch(`/api/me/passkeys/${mine.id}`, { name: '  Work laptop ' }),
      200,
    );
    expect(named.name).toBe('Work laptop');
    expect((await owner.delete(`/api/me/passkeys/${mine.id}`)).statusCode).toBe(204);
    expect((await owner.delete(`/api/me/passkeys/${mine.id}`)).statusCode).toBe(404);
    expect(await hasPasskey(db, owner.account?.id ?? '')).toBe(false);
  });

  test('refuse an empty name, naming the field', async ({ server }) => {
    const owner = await server.traveller({ label: 'namer' });
    const mine = await storedPasskey(server.database.db, owner.account?.id ?? '');
    const response = await owner.patch(`/api/me/passkeys/${mine.id}`, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { details: { issues: { field: string }[] } } }>().error.details
        .issues[0]?.field,
    ).toBe('name');
  });

  test('tell other code whether a traveller holds one', async ({ server }) => {
    const owner = await server.traveller({ label: 'holder' });
    const db = server.database.db;
    const id = owner.account?.id ?? '';
    expect(await hasPasskey(db, id)).toBe(false);
    await storedPasskey(db, id);
    expect(await hasPasskey(db, id)).toBe(true);
  });

  test('are added only by a signed-in traveller, for the public URL’s host', async ({ server }) => {
    const owner = await server.traveller({ label: 'adder' });
    const anonymous = clientOf(server, null);
    expect((await anonymous.get('/api/auth/passkey/register-options')).statusCode).toBe(401);
    const existing = await storedPasskey(server.database.db, owner.account?.id ?? '');
    const options = expectStatus<{
      challenge: string;
      rp: { id: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
      excludeCredentials: { id: string }[];
    }>(await owner.get('/api/auth/passkey/register-options'), 200);
    expect(options.rp.id).toBe(server.config.baseUrl.hostname);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials.map((credential) => credential.id)).toEqual([
      existing.credentialId,
    ]);
    // An answer that is not an authenticator's is refused, naming what is wrong.
    const forged = await owner.post('/api/auth/passkey/register', {
      name: 'Forged',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ code: string }>().code).toBe('PASSKEY_NOT_VERIFIED');
    const missing = await owner.post('/api/auth/passkey/register', { name: 'No answer' });
    expect(missing.statusCode).toBe(400);
    const stored = await server.database.db
      .select({ id: passkey.id })
      .from(passkey)
      .where(eq(passkey.userId, owner.account?.id ?? ''));
    expect(stored).toEqual([{ id: existing.id }]);
  });

  test('sign nobody in with an unknown or forged passkey', async ({ server }) => {
    const owner = await server.traveller({ label: 'signer' });
    const anonymous = clientOf(server, null);
    const options = expectStatus<{ challenge: string; rpId: string; allowCredentials?: unknown[] }>(
      await anonymous.get('/api/auth/passkey/sign-in-options'),
      200,
    );
    expect(options.rpId).toBe(server.config.baseUrl.hostname);
    expect(options.allowCredentials ?? []).toEqual([]);
    const mine = await storedPasskey(server.database.db, owner.account?.id ?? '');
    const sessionsBefore = await server.database.db.select().from(session);
    for (const id of ['unknown-credential', mine.credentialId]) {
      const response = await anonymous.post('/api/auth/passkey/sign-in', {
        response: {
          id,
          rawId: id,
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('PASSKEY_SIGN_IN_FAILED');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await server.database.db.select().from(session)).toHaveLength(sessionsBefore.length);
  });

  test('forget the challenges nobody answered', async ({ server }) => {
    const db = server.database.db;
    const challenges = like(verification.identifier, 'passkey:%');
    await db.delete(verification).where(challenges);
    await clientOf(server, null).get('/api/auth/passkey/sign-in-options');
    expect(await db.select().from(verification).where(challenges)).toHaveLength(1);
    expect(await purgeExpiredPasskeyChallenges(db)).toBe(0);
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(challenges);
    expect(await purgeExpiredPasskeyChallenges(db)).toBe(1);
    expect(await db.select().from(verification).where(challenges)).toHaveLength(0);
  });
});
