import type { SecurityEventPage } from '@jammy/shared/security-events';
import { SECURITY_EVENT_PAGE_SIZE } from '@jammy/shared/security-events';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { nextIp, TEST_PASSWORD } from '../../../test/auth-helpers';
import { clientOf } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { insertPasskey } from '../../auth/passkey-store';
import { purgeOldSecurityEvents, recordSecurityEvent } from '../../auth/security-events';
import { securityEvent } from '../../db/schema/security-events';
import { createApiToken } from '../tokens/tokens.test-helpers';

const test = serverTest();

const DEVICE = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

describe('security activity', () => {
  test('records sign-ins by password, refused ones too, with address and device', async ({
    server,
  }) => {
    const traveller = await server.traveller({ label: 'signer' });
    const email = traveller.account?.email ?? '';
    const ip = nextIp();
    const signIn = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { 'user-agent': DEVICE },
        payload: { email, password },
      });
    expect((await signIn('not the password')).statusCode).toBe(401);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);

    const page = expectStatus<SecurityEventPage>(
      await traveller.get('/api/me/security-events'),
      200,
    );
    const signIns = page.items.filter((event) => event.ip === ip);
    expect(signIns).toEqual([
      expect.objectContaining({ kind: 'sign-in', method: 'password', success: true, ip }),
      expect.objectContaining({ kind: 'sign-in', method: 'password', success: false, ip }),
    ]);
    expect(signIns[0]?.userAgent).toBe(DEVICE);
  });

  test('records API tokens made and revoked, and passkeys removed', async ({ server }) => {
    const traveller = await server.traveller({ label: 'keeper' });
    const token = await createApiToken(traveller, { name: 'Robot' });
    expect((await traveller.delete(`/api/me/tokens/${token.id}`)).statusCode).toBe(204);
    // Revoked already: nothing more happened, nothing more is recorded.
    expect((await traveller.delete(`/api/me/tokens/${token.id}`)).statusCode).toBe(204);
    const passkey = await insertPasskey(server.database.db, {
      userId: traveller.account?.id ?? '',
      name: 'Old phone',
      credentialId: `credential-${crypto.randomUUID()}`,
      publicKey: 'pQECAyYgASFYIA',
      aaguid: '00000000-0000-0000-0000-000000000000',
      backedUp: false,
    });
    expect((await traveller.delete(`/api/me/passkeys/${passkey?.id}`)).statusCode).toBe(204);

    const page = expectStatus<SecurityEventPage>(
      await traveller.get('/api/me/security-events'),
      200,
    );
    expect(
      page.items
        .filter((event) => event.kind !== 'sign-in')
        .map(({ kind, detail }) => ({ kind, detail })),
    ).toEqual([
      { kind: 'passkey-removed', detail: 'Old phone' },
      { kind: 'api-token-revoked', detail: 'Robot' },
      { kind: 'api-token-created', detail: 'Robot' },
    ]);
  });

  test('are the traveller’s own, a page at a time', async ({ server }) => {
    const traveller = await server.traveller({ label: 'pager' });
    const stranger = await server.traveller({ label: 'stranger' });
    const userId = traveller.account?.id ?? '';
    for (let index = 0; index < SECURITY_EVENT_PAGE_SIZE + 2; index += 1) {
      await recordSecurityEvent(server.database.db, {
        userId,
        kind: 'api-token-created',
        detail: `Token ${index}`,
        ip: null,
        userAgent: null,
      });
    }
    const first = expectStatus<SecurityEventPage>(
      await traveller.get('/api/me/security-events'),
      200,
    );
    expect(first.items).toHaveLength(SECURITY_EVENT_PAGE_SIZE);
    expect(first.items[0]?.detail).toBe(`Token ${SECURITY_EVENT_PAGE_SIZE + 1}`);
    const second = expectStatus<SecurityEventPage>(
      await traveller.get(`/api/me/security-events?cursor=${first.nextCursor}`),
      200,
    );
    const ids = [...first.items, ...second.items].map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.nextCursor).toBeNull();

    const theirs = expectStatus<SecurityEventPage>(
      await stranger.get('/api/me/security-events'),
      200,
    );
    expect(theirs.items.filter((event) => ids.includes(event.id))).toEqual([]);
    expect((await clientOf(server, null).get('/api/me/security-events')).statusCode).toBe(401);
    const bad = await traveller.get('/api/me/security-events?cursor=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  test('are kept 180 days', async ({ server }) => {
    const traveller = await server.traveller({ label: 'old-timer' });
    const userId = traveller.account?.id ?? '';
    const db = server.database.db;
    for (const detail of ['old', 'recent']) {
      await recordSecurityEvent(db, {
        userId,
        kind: 'api-token-created',
        detail,
        ip: null,
        userAgent: null,
      });
    }
    await db
      .update(securityEvent)
      .set({ createdAt: new Date(Date.now() - 181 * 86_400_000) })
      .where(eq(securityEvent.detail, 'old'));
    expect(await purgeOldSecurityEvents(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ detail: securityEvent.detail })
      .from(securityEvent)
      .where(and(eq(securityEvent.userId, userId), eq(securityEvent.kind, 'api-token-created')));
    expect(left.map((row) => row.detail)).toEqual(['recent']);
  });
});
