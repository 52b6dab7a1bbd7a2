import { createHash } from 'node:crypto';
import type { ItineraryTree, Note } from '@jammy/shared/itineraries';
import type {
  AcceptedInvitation,
  ActivityPage,
  Invitation,
  Member,
  ShareLink,
  Sharing,
} from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, uniqueEmail } from '../../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  addMember,
  apiFor,
  createItinerary,
  createNote,
  createPlace,
  createStage,
  expectError,
  expectFieldError,
  expectStatus,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp-server';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { itineraryInvitation, shareLink } from '../../db/schema/itineraries';

let database: TestDatabase;
let smtp: TestSmtpServer;
let testApp: TestApp;
let api: Api;
let owner: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;

async function signUpUser(label: string, name: string, language?: string): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const { jar, me } = await createVerifiedUser(testApp.app, smtp, {
    email,
    name,
    ...(language ? { language } : {}),
  });
  return { id: me.id, email, jar, cookie: jar.header() };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createTestDatabase();
  testApp = await buildTestApp({ databaseUrl: database.url, env: { SMTP_URL: smtp.url } });
  api = apiFor(testApp);
  [owner, editor, viewer, stranger] = await Promise.all([
    signUpUser('owner', 'Ana'),
    signUpUser('editor', 'Ben'),
    signUpUser('viewer', 'Chloé'),
    signUpUser('stranger', 'Dev'),
  ]);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  await smtp?.close();
});

async function trip(title = 'Kyoto'): Promise<string> {
  const created = await createItinerary(testApp, owner, { title });
  await addMember(testApp, created.id, editor.id, 'editor');
  await addMember(testApp, created.id, viewer.id, 'viewer');
  return created.id;
}

function expectNoContent(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(204);
}

function invitationToken(mail: ReceivedMail): string {
  const link = mail.links.find((candidate) => candidate.includes('invitation='));
  if (!link) throw new Error(`no invitation link in ${JSON.stringify(mail.links)}`);
  return new URL(link).searchParams.get('invitation') ?? '';
}

async function invite(id: string, email: string, role = 'editor') {
  const response = await api(owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email, role },
  });
  const mail = await smtp.waitForMail(email, (candidate) =>
    candidate.links.some((link) => link.includes('invitation=')),
  );
  return { response, mail, token: invitationToken(mail) };
}

const members = (id: string, user: SignedInUser) =>
  api(user, 'GET', `/api/itineraries/${id}/members`).then((r) => expectStatus<Sharing>(r, 200));

describe('invitations', () => {
  it('a new traveller invited by e-mail signs up, accepts, and lands in the itinerary as editor', async () => {
    const id = await trip('Kyoto in spring');
    const email = uniqueEmail('newcomer');
    const { response, mail, token } = await invite(id, email);
    const invitation = expectStatus<Invitation>(response, 201);
    expect(invitation).toMatchObject({
      email,
      role: 'editor',
      invitedBy: owner.id,
      expired: false,
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(
      14 * 24 * 60 * 60 * 1000,
    );
    expect(mail.subject).toBe('Ana invited you to plan Kyoto in spring on Jammy');
    expect(mail.text).toContain('Your role: editor (can change the plan).');
    expect(mail.links).toContain(
      `${testApp.config.baseUrl.origin}/itineraries?invitation=${token}`,
    );
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only the hash is stored.
    const [stored] = await testApp.database.db
      .select()
      .from(itineraryInvitation)
      .where(eq(itineraryInvitation.id, invitation.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    expect((await members(id, owner)).invitations.map((i) => i.email)).toEqual([email]);
    expect(await members(id, viewer)).toMatchObject({ invitations: [], links: [] });

    const { jar, me } = await createVerifiedUser(testApp.app, smtp, { email, name: 'Emi' });
    const invitee: SignedInUser = { id: me.id, email, jar, cookie: jar.header() };
    const accepted = await api(invitee, 'POST', '/api/invitations/accept', { payload: { token } });
    expect(expectStatus<AcceptedInvitation>(accepted, 200)).toEqual({
      itineraryId: id,
      role: 'editor',
    });
    expectStatus<ItineraryTree>(await api(invitee, 'GET', `/api/itineraries/${id}`), 200);
    const after = await members(id, owner);
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => [m.name, m.role])).toEqual([
      ['Ana', 'owner'],
      ['Ben', 'editor'],
      ['Emi', 'editor'],
      ['Chloé', 'viewer'],
    ]);
    // Used once.
    expectError(
      await api(invitee, 'POST', '/api/invitations/accept', { payload: { token } }),
      404,
      'invitation/not-found',
    );
    const activity = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(activity.items[0]).toMatchObject({
      kind: 'member.added',
      actor: { id: invitee.id, name: 'Emi' },
      data: { userId: invitee.id, role: 'editor' },
    });
  });

  it('an existing account gets the mail and the link in their language', async () => {
    const id = await trip('Roma');
    const italian = await signUpUser('italian', 'Giulia', 'it');
    const { response, mail, token } = await invite(id, italian.email.toUpperCase(), 'viewer');
    expectStatus<Invitation>(response, 201);
    expect(mail.subject).toBe('Ana ti ha invitato a pianificare Roma su Jammy');
    expect(mail.links).toContain(
      `${testApp.config.baseUrl.origin}/it/itineraries?invitation=${token}`,
    );
    const accepted = await api(italian, 'POST', '/api/invitations/accept', { payload: { token } });
    expect(expectStatus<AcceptedInvitation>(accepted, 200).role).toBe('viewer');
  });

  it('inviting again renews the pending invitation (new link, old one dead); members are refused', async () => {
    const id = await trip();
    const email = uniqueEmail('twice');
    const first = await invite(id, email, 'viewer');
    const second = await invite(id, email, 'editor');
    expect(expectStatus<Invitation>(second.response, 200)).toMatchObject({ role: 'editor' });
    expect(second.token).not.toBe(first.token);
    const someone = await signUpUser('someone', 'Fay');
    expectError(
      await api(someone, 'POST', '/api/invitations/accept', { payload: { token: first.token } }),
      404,
      'invitation/not-found',
    );
    expect((await members(id, owner)).invitations).toHaveLength(1);

    const already = await api(owner, 'POST', `/api/itineraries/${id}/invitations`, {
      payload: { email: editor.email, role: 'viewer' },
    });
    expectError(already, 409, 'member/already-member');
  });

  it('bad input names the field; only the owner invites', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/invitations`;
    expectFieldError(
      await api(owner, 'POST', url, { payload: { email: 'nope', role: 'editor' } }),
      'email',
    );
    expectFieldError(
      await api(owner, 'POST', url, { payload: { email: uniqueEmail('x'), role: 'owner' } }),
      'role',
    );
    expectFieldError(await api(owner, 'POST', url, { payload: { role: 'viewer' } }), 'email');
    const payload = { email: uniqueEmail('x'), role: 'viewer' };
    expectError(await api(editor, 'POST', url, { payload }), 403, 'auth/forbidden');
    expectError(await api(stranger, 'POST', url, { payload }), 404, 'itinerary/not-found');
    expectError(await api(null, 'POST', url, { payload }), 401, 'auth/unauthenticated');
  });

  it('resend sends a new link; withdraw removes the invitation', async () => {
    const id = await trip();
    const email = uniqueEmail('resend');
    const first = await invite(id, email);
    const invitation = expectStatus<Invitation>(first.response, 201);
    const base = `/api/itineraries/${id}/invitations/${invitation.id}`;
    expectError(await api(editor, 'POST', `${base}/resend`), 403, 'auth/forbidden');
    const resent = await api(owner, 'POST', `${base}/resend`);
    expectStatus<Invitation>(resent, 200);
    const mail = await smtp.waitForMail(email);
    expect(invitationToken(mail)).not.toBe(first.token);

    expectError(await api(viewer, 'DELETE', base), 403, 'auth/forbidden');
    expectNoContent(await api(owner, 'DELETE', base));
    expectError(await api(owner, 'DELETE', base), 404, 'invitation/not-found');
    expectError(await api(owner, 'POST', `${base}/resend`), 404, 'invitation/not-found');
    expect((await members(id, owner)).invitations).toEqual([]);
  });

  it('accepting: the address must be the account’s; an expired invitation says so', async () => {
    const id = await trip();
    const email = uniqueEmail('mismatch');
    const { token } = await invite(id, email);
    const wrong = await api(stranger, 'POST', '/api/invitations/accept', { payload: { token } });
    const body = expectError(wrong, 403, 'invitation/email-mismatch');
    expect(body.error.message).toContain(email);
    expectError(
      await api(null, 'POST', '/api/invitations/accept', { payload: { token } }),
      401,
      'auth/unauthenticated',
    );
    expectFieldError(
      await api(stranger, 'POST', '/api/invitations/accept', { payload: {} }),
      'token',
    );

    await testApp.database.db
      .update(itineraryInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(itineraryInvitation.email, email));
    const listed = (await members(id, owner)).invitations[0];
    expect(listed?.expired).toBe(true);
    const { jar, me } = await createVerifiedUser(testApp.app, smtp, { email, name: 'Late' });
    const late: SignedInUser = { id: me.id, email, jar, cookie: jar.header() };
    expectError(
      await api(late, 'POST', '/api/invitations/accept', { payload: { token } }),
      410,
      'invitation/expired',
    );
  });
});

describe('members and roles', () => {
  it('the owner changes roles; not their own; unknown members 404; bad roles 400', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/members/${editor.id}`;
    const changed = await api(owner, 'PATCH', url, { payload: { role: 'viewer' } });
    expect(expectStatus<Member>(changed, 200)).toMatchObject({ userId: editor.id, role: 'viewer' });
    expectError(
      await api(editor, 'POST', `/api/itineraries/${id}/stages`, { payload: { title: 'x' } }),
      403,
      'auth/forbidden',
    );
    expectError(
      await api(owner, 'PATCH', `/api/itineraries/${id}/members/${owner.id}`, {
        payload: { role: 'editor' },
      }),
      409,
      'member/owner',
    );
    expectError(
      await api(owner, 'PATCH', `/api/itineraries/${id}/members/${stranger.id}`, {
        payload: { role: 'editor' },
      }),
      404,
      'member/not-found',
    );
    expectFieldError(await api(owner, 'PATCH', url, { payload: { role: 'owner' } }), 'role');
    expectError(
      await api(viewer, 'PATCH', url, { payload: { role: 'editor' } }),
      403,
      'auth/forbidden',
    );
    expectError(
      await api(stranger, 'PATCH', url, { payload: { role: 'editor' } }),
      404,
      'itinerary/not-found',
    );
  });

  it('a change based on an older version of the member gets 409 with the member as they are', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/members/${editor.id}`;
    const { members } = expectStatus<Sharing>(
      await api(owner, 'GET', `/api/itineraries/${id}/members`),
      200,
    );
    const seen = members.find((member) => member.userId === editor.id);
    expect(seen).toMatchObject({ role: 'editor', version: 1 });

    // In another tab, the owner made them a viewer; this tab still shows version 1.
    const first = expectStatus<Member>(
      await api(owner, 'PATCH', url, { payload: { role: 'viewer', version: 1 } }),
      200,
    );
    expect(first).toMatchObject({ role: 'viewer', version: 2 });
    const stale = expectError(
      await api(owner, 'PATCH', url, { payload: { role: 'editor', version: 1 } }),
      409,
      'conflict',
    );
    expect((stale.error.details as { current: Member }).current).toMatchObject({
      userId: editor.id,
      role: 'viewer',
      version: 2,
    });
    // If-Match works too, and the same role again changes nothing.
    const same = await api(owner, 'PATCH', url, {
      payload: { role: 'viewer' },
      headers: { 'if-match': '"2"' },
    });
    expect(expectStatus<Member>(same, 200)).toMatchObject({ role: 'viewer', version: 2 });
    expectError(await api(owner, 'DELETE', url, { payload: { version: 1 } }), 409, 'conflict');
    expectNoContent(await api(owner, 'DELETE', url, { payload: { version: 2 } }));
    expectError(
      await api(owner, 'PATCH', url, { payload: { role: 'editor', version: 2 } }),
      404,
      'member/not-found',
    );
  });

  it('the owner removes a member; a member leaves; the owner cannot leave', async () => {
    const id = await trip();
    expectError(
      await api(editor, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`),
      403,
      'auth/forbidden',
    );
    expectNoContent(await api(owner, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`));
    expectError(await api(viewer, 'GET', `/api/itineraries/${id}`), 404, 'itinerary/not-found');
    expectNoContent(await api(editor, 'DELETE', `/api/itineraries/${id}/members/${editor.id}`));
    expectError(await api(editor, 'GET', `/api/itineraries/${id}`), 404, 'itinerary/not-found');
    expectError(
      await api(owner, 'DELETE', `/api/itineraries/${id}/members/${owner.id}`),
      409,
      'member/owner',
    );
    expectError(
      await api(owner, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`),
      404,
      'member/not-found',
    );
    const activity = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(activity.items.map((event) => [event.kind, event.data.left])).toEqual([
      ['member.removed', true],
      ['member.removed', false],
    ]);
  });

  it('ownership goes to an editor only; the former owner becomes an editor', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/transfer`;
    expectError(
      await api(owner, 'POST', url, { payload: { userId: viewer.id } }),
      409,
      'member/not-editor',
    );
    expectFieldError(await api(owner, 'POST', url, { payload: { userId: 'me' } }), 'userId');
    expectError(
      await api(editor, 'POST', url, { payload: { userId: editor.id } }),
      403,
      'auth/forbidden',
    );
    const sharing = expectStatus<Sharing>(
      await api(owner, 'POST', url, { payload: { userId: editor.id } }),
      200,
    );
    expect(sharing.members.map((m) => [m.userId, m.role])).toEqual([
      [editor.id, 'owner'],
      [owner.id, 'editor'],
      [viewer.id, 'viewer'],
    ]);
    const tree = expectStatus<ItineraryTree>(
      await api(editor, 'GET', `/api/itineraries/${id}`),
      200,
    );
    expect(tree.itinerary).toMatchObject({ ownerId: editor.id, role: 'owner' });
    expectError(await api(owner, 'DELETE', `/api/itineraries/${id}`), 403, 'auth/forbidden');
    // The new owner can now leave only by transferring back; the old one may leave.
    expectNoContent(await api(owner, 'DELETE', `/api/itineraries/${id}/members/${owner.id}`));
  });
});

describe('share links', () => {
  it('anyone with the link reads the itinerary and non-private notes; revoking turns it off', async () => {
    const id = await trip('Lisbon');
    await createStage(testApp, owner, id, { title: 'Alfama' });
    await createNote(testApp, owner, id, { title: 'Door code', body: '4242' });
    await createNote(testApp, owner, id, { title: 'Tram 28', body: 'Early!', private: false });
    const created = await api(owner, 'POST', `/api/itineraries/${id}/share-links`, {
      payload: {},
    });
    const link = expectStatus<ShareLink>(created, 201);
    expect(link).toMatchObject({ expiresAt: null, revokedAt: null });
    const url = new URL(link.url ?? '');
    expect(url.pathname).toBe(`/itinerary/${id}`);
    const token = url.searchParams.get('share') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await testApp.database.db
      .select()
      .from(shareLink)
      .where(eq(shareLink.id, link.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const listed = (await members(id, owner)).links;
    expect(listed).toEqual([
      { id: link.id, createdAt: link.createdAt, expiresAt: null, revokedAt: null },
    ]);

    const tree = expectStatus<ItineraryTree>(
      await api(null, 'GET', `/api/itineraries/${id}?share=${token}`),
      200,
    );
    expect(tree.itinerary).toMatchObject({ title: 'Lisbon', role: 'viewer' });
    expect(tree.stages.map((stage) => stage.title)).toEqual(['Alfama']);
    const notes = expectStatus<{ items: Note[] }>(
      await api(null, 'GET', `/api/itineraries/${id}/notes?share=${token}`),
      200,
    );
    expect(notes.items.map((note) => note.title)).toEqual(['Tram 28']);
    expect(JSON.stringify(notes)).not.toContain('4242');
    // Members still see every note, with or without the token.
    const all = expectStatus<{ items: Note[] }>(
      await api(viewer, 'GET', `/api/itineraries/${id}/notes?share=${token}`),
      200,
    );
    expect(all.items).toHaveLength(2);
    // A signed-in stranger with the link reads too; nothing else opens with it.
    expectStatus(await api(stranger, 'GET', `/api/itineraries/${id}?share=${token}`), 200);
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/lists?share=${token}`),
      401,
      'auth/unauthenticated',
    );
    expectError(
      await api(stranger, 'GET', `/api/itineraries/${id}/members?share=${token}`),
      404,
      'itinerary/not-found',
    );
    const other = await trip('Elsewhere');
    expectError(
      await api(null, 'GET', `/api/itineraries/${other}?share=${token}`),
      404,
      'share/not-found',
    );
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}?share=not-a-token`),
      404,
      'share/not-found',
    );

    expectError(
      await api(editor, 'DELETE', `/api/itineraries/${id}/share-links/${link.id}`),
      403,
      'auth/forbidden',
    );
    expectNoContent(await api(owner, 'DELETE', `/api/itineraries/${id}/share-links/${link.id}`));
    const revoked = await api(null, 'GET', `/api/itineraries/${id}?share=${token}`);
    expect(expectError(revoked, 404, 'share/revoked').error.message).toMatch(/turned off/);
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/notes?share=${token}`),
      404,
      'share/revoked',
    );
    expect((await members(id, owner)).links).toEqual([]);
    expectError(
      await api(owner, 'DELETE', `/api/itineraries/${id}/share-links/${other}`),
      404,
      'share-link/not-found',
    );
  });

  it('a link with an expiry works through its last day, then says it expired', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/share-links`;
    const today = new Date().toISOString().slice(0, 10);
    const link = expectStatus<ShareLink>(
      await api(owner, 'POST', url, { payload: { expiresOn: today } }),
      201,
    );
    expect(link.expiresAt).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    const token = new URL(link.url ?? '').searchParams.get('share') ?? '';
    expectStatus(await api(null, 'GET', `/api/itineraries/${id}?share=${token}`), 200);
    await testApp.database.db
      .update(shareLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLink.id, link.id));
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}?share=${token}`),
      404,
      'share/expired',
    );

    expectFieldError(
      await api(owner, 'POST', url, { payload: { expiresOn: '2001-01-01' } }),
      'expiresOn',
    );
    expectFieldError(
      await api(owner, 'POST', url, { payload: { expiresOn: 'soon' } }),
      'expiresOn',
    );
    expectError(await api(editor, 'POST', url, { payload: {} }), 403, 'auth/forbidden');
    expectError(await api(null, 'POST', url, { payload: {} }), 401, 'auth/unauthenticated');
  });
});

describe('activity', () => {
  it('who did what, newest first, paged; private note text never appears', async () => {
    const id = await trip('Kyoto');
    const stage = await createStage(testApp, owner, id, { title: 'Higashiyama' });
    for (const name of ['Kiyomizu-dera', 'Yasaka', 'Ninenzaka']) {
      await createPlace(testApp, editor, id, { name, stageId: stage.id });
    }
    await createNote(testApp, editor, id, { title: 'Secret plan', body: 'surprise party' });
    const page = expectStatus<ActivityPage>(
      await api(viewer, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((event) => [event.kind, event.actor?.name])).toEqual([
      ['note.created', 'Ben'],
      ['place.created', 'Ben'],
      ['place.created', 'Ben'],
      ['place.created', 'Ben'],
      ['stage.created', 'Ana'],
    ]);
    expect(page.items[1]?.data).toMatchObject({
      name: 'Ninenzaka',
      stageId: stage.id,
      stageTitle: 'Higashiyama',
    });
    expect(JSON.stringify(page)).not.toMatch(/Secret plan|surprise party/);

    for (let index = 0; index < 50; index += 1) {
      await api(owner, 'PATCH', `/api/itineraries/${id}/stages/${stage.id}`, {
        payload: { notes: `note ${index}` },
      });
    }
    const first = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity?cursor=${first.nextCursor}`),
      200,
    );
    expect(second.items.map((event) => event.kind)).toEqual([
      'note.created',
      'place.created',
      'place.created',
      'place.created',
      'stage.created',
    ]);
    expectFieldError(
      await api(owner, 'GET', `/api/itineraries/${id}/activity?cursor=yesterday`),
      'cursor',
    );
    expectError(
      await api(stranger, 'GET', `/api/itineraries/${id}/activity`),
      404,
      'itinerary/not-found',
    );
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/activity`),
      401,
      'auth/unauthenticated',
    );
  });
});
