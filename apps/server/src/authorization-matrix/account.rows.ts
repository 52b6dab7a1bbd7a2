import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { expectStatus } from '../../test/expect';
import { session } from '../db/schema/auth';
import { insertContactMessage } from '../modules/contact/contact.repository';
import { insertPasskey } from '../auth/passkey-store';
import { adminOnly, everyone, signedIn, type Row, type World } from './matrix';

/** Someone else's session: never anyone's to end but its own user's. */
const targetSession = async ({ server, users }: World) => {
  const [row] = await server.database.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, users.target.id));
  return { sessionId: row?.id ?? uuidv7() };
};
/** A token of the target member: only theirs to revoke. */
const targetToken = async ({ api, users }: World) => {
  const response = await api(users.target, 'POST', '/api/me/tokens', {
    payload: { name: 'Theirs', expiresInDays: 7, access: 'read', trips: null },
  });
  return { tokenId: expectStatus<{ id: string }>(response, 201).id };
};
/** A passkey of the target member: only theirs to rename or remove. */
const targetPasskey = async ({ server, users }: World) => {
  const row = await insertPasskey(server.database.db, {
    userId: users.target.id,
    name: 'Theirs',
    credentialId: `matrix-${uuidv7()}`,
    publicKey: 'pQECAyYgASFYIA',
    aaguid: '00000000-0000-0000-0000-000000000000',
    backedUp: false,
  });
  return { passkeyId: row?.id ?? uuidv7() };
};
const outboxFile = async ({ api, users }: World) => {
  const response = await api(users.admin, 'GET', '/api/admin/outbox');
  const { items } = expectStatus<{ items: { id: string }[] }>(response, 200);
  return { file: items[0]?.id ?? `${uuidv7()}.eml` };
};
/** A fresh contact message, stored as the form would store it. */
const contactMessage = async ({ server }: World) => {
  const stored = await insertContactMessage(server.database.db, {
    userId: null,
    name: 'Sender',
    email: uniqueEmail('sender'),
    topic: 'question',
    message: 'A question for the people who run this.',
    language: 'en',
    status: 'open',
    spamReason: null,
    clientHash: uuidv7(),
  });
  if (!('row' in stored)) throw new Error('the contact message was not stored');
  return { messageId: stored.row.id };
};

export const ACCOUNT_ROWS: readonly Row[] = [
  // --- the traveller's own account ---
  // Who is here: anyone may ask; each caller learns only about themselves, or that nobody is.
  { method: 'GET', path: '/api/session', expect: everyone() },
  { method: 'GET', path: '/api/me', expect: signedIn(200) },
  {
    method: 'PATCH',
    path: '/api/me',
    expect: signedIn(200),
    payload: () => ({ homePlace: 'Lisbon' }),
  },
  {
    method: 'DELETE',
    path: '/api/me',
    expect: signedIn(204),
    consumesCaller: true,
    payload: () => ({ confirmation: 'DELETE' }),
  },
  { method: 'GET', path: '/api/me/export', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/me/interests',
    expect: signedIn(200),
    payload: () => ({ interests: ['art'] }),
  },
  { method: 'GET', path: '/api/me/sessions', expect: signedIn(200) },
  // Another traveller's session is nobody else's to end.
  {
    method: 'DELETE',
    path: '/api/me/sessions/:sessionId',
    expect: signedIn(404),
    prepare: targetSession,
  },
  { method: 'POST', path: '/api/me/sessions/revoke-others', expect: signedIn(200) },
  // Personal API tokens: each traveller's own; another's is nobody else's to revoke.
  { method: 'GET', path: '/api/me/tokens', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/me/tokens',
    expect: signedIn(201),
    payload: () => ({ name: 'Matrix', expiresInDays: 7, access: 'read', trips: null }),
  },
  {
    method: 'DELETE',
    path: '/api/me/tokens/:tokenId',
    expect: signedIn(404),
    prepare: targetToken,
  },
  // Passkeys: each traveller's own; another's is nobody else's to rename or remove.
  { method: 'GET', path: '/api/me/passkeys', expect: signedIn(200) },
  {
    method: 'PATCH',
    path: '/api/me/passkeys/:passkeyId',
    expect: signedIn(404),
    prepare: targetPasskey,
    payload: () => ({ name: 'Mine now' }),
  },
  {
    method: 'DELETE',
    path: '/api/me/passkeys/:passkeyId',
    expect: signedIn(404),
    prepare: targetPasskey,
  },
  // The security activity: each traveller reads their own (the route takes no id).
  { method: 'GET', path: '/api/me/security-events', expect: signedIn(200) },
  // Every test account already has a password.
  {
    method: 'POST',
    path: '/api/me/password',
    expect: signedIn(409),
    payload: () => ({ newPassword: 'a-long-new-password' }),
  },
  // Proving again who one is: only for one's own session.
  {
    method: 'POST',
    path: '/api/me/step-up',
    expect: signedIn(204),
    payload: () => ({ password: TEST_PASSWORD }),
  },
  // A challenge for one's own passkeys: the test accounts hold none, so signed in is told so.
  { method: 'POST', path: '/api/me/step-up/passkey-options', expect: signedIn(404) },
  // --- public information ---
  { method: 'GET', path: '/api/interests', expect: everyone() },
  { method: 'GET', path: '/api/sign-in-methods', expect: everyone() },
  { method: 'GET', path: '/api/client-config', expect: everyone() },
  { method: 'GET', path: '/api/health', expect: everyone() },
  { method: 'GET', path: '/api/health/ready', expect: everyone() },
  // The probes an orchestrator calls without credentials.
  { method: 'GET', path: '/livez', expect: everyone() },
  { method: 'GET', path: '/readyz', expect: everyone() },
  { method: 'GET', path: '/api/geo/search?q=Rome', expect: signedIn(200, 400) },
  // --- administration ---
  { method: 'GET', path: '/api/admin/outbox', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/outbox/:file', expect: adminOnly(200), prepare: outboxFile },
  // --- contact: anyone may write; only admins read, answer and close ---
  {
    method: 'POST',
    path: '/api/contact',
    expect: everyone(201),
    payload: (_params, caller) => ({
      name: 'Matrix',
      email: uniqueEmail(caller.replace(' ', '-')),
      topic: 'question',
      message: 'Is this installation open to everyone?',
      consent: true,
      fillMs: 10_000,
    }),
  },
  // A strict query schema refuses the unknown `share` parameter (400) before any authorisation.
  { method: 'GET', path: '/api/admin/contact-messages', expect: adminOnly(200, 400) },
  {
    method: 'POST',
    path: '/api/admin/contact-messages/:messageId/replies',
    expect: adminOnly(201),
    prepare: contactMessage,
    payload: () => ({ body: 'Thank you for writing.' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/contact-messages/:messageId',
    expect: adminOnly(200),
    prepare: contactMessage,
    payload: () => ({ status: 'handled', version: 1 }),
  },
];
