import type { Sharing } from '@jammy/shared/sharing';
import { expect } from 'vitest';
import { callsTo, type SignedInUser, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import type { ServerTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import type { ReceivedMail, TestSmtpServer } from '../../../test/smtp-server';

export let smtp: TestSmtpServer;
export let testApp: TestServer;
export let owner: Traveller;
export let editor: Traveller;
export let viewer: Traveller;
export let stranger: Traveller;

/** A request as `user` (anonymous when null). */
export const api = callsTo(() => testApp);

export function signUpUser(label: string, name: string, language?: string): Promise<Traveller> {
  return testApp.traveller({ label, name, ...(language ? { language } : {}) });
}

export async function trip(title = 'Kyoto'): Promise<string> {
  const created = await createItinerary(owner, { title });
  await addMember(testApp, created.id, editor.id, 'editor');
  await addMember(testApp, created.id, viewer.id, 'viewer');
  return created.id;
}

export function expectNoContent(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(204);
}

export function invitationToken(mail: ReceivedMail): string {
  const link = mail.links.find((candidate) => candidate.includes('invitation='));
  if (!link) throw new Error(`no invitation link in ${JSON.stringify(mail.links)}`);
  return new URL(link).searchParams.get('invitation') ?? '';
}

export async function invite(id: string, email: string, role = 'editor') {
  const response = await api(owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email, role },
  });
  const mail = await smtp.waitForMail(email, (candidate) =>
    candidate.links.some((link) => link.includes('invitation=')),
  );
  return { response, mail, token: invitationToken(mail) };
}

export const members = (id: string, user: SignedInUser) =>
  api(user, 'GET', `/api/itineraries/${id}/members`).then((r) => expectStatus<Sharing>(r, 200));

/** The users of these tests, made before the file's first test. */
export function useSharingTest(test: ServerTest): void {
  test.beforeAll(async ({ server }) => {
    testApp = server;
    smtp = server.smtp;
    [owner, editor, viewer, stranger] = await Promise.all([
      signUpUser('owner', 'Ana'),
      signUpUser('editor', 'Ben'),
      signUpUser('viewer', 'Chloé'),
      signUpUser('stranger', 'Dev'),
    ]);
  }, 60_000);
}
