import { createHash } from 'node:crypto';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { AcceptedInvitation, ActivityPage, Invitation } from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createVerifiedUser, uniqueEmail } from '../../../test/auth-helpers';
import type { SignedInUser } from '../../../test/clients';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { itineraryInvitation } from '../../db/schema/itineraries';
import {
  api,
  editor,
  expectNoContent,
  invitationToken,
  invite,
  members,
  owner,
  signUpUser,
  smtp,
  stranger,
  testApp,
  trip,
  useSharingTest,
  viewer,
} from './sharing.test-helpers';

const test = serverTest();
useSharingTest(test);

describe('invitations', () => {
  test('a new traveller invited by e-mail signs up, accepts, and lands in the itinerary as editor', async () => {
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

  test('an existing account gets the mail and the link in their language', async () => {
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

  test('inviting again renews the pending invitation (new link, old one dead); members are refused', async () => {
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

  test('bad input names the field; only the owner invites', async () => {
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

  test('resend sends a new link; withdraw removes the invitation', async () => {
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

  test('accepting: the address must be the account’s; an expired invitation says so', async () => {
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
