import type { Sharing } from '@jammy/shared/sharing';
import { afterAll, beforeAll, expect } from 'vitest';
import { createVerifiedUser, uniqueEmail } from '../../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  addMember,
  apiFor,
  createItinerary,
  expectStatus,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp-server';
import { buildTestApp, type TestApp } from '../../../test/test-app';

export let database: TestDatabase;
export let smtp: TestSmtpServer;
export let testApp: TestApp;
export let api: Api;
export let owner: SignedInUser;
export let editor: SignedInUser;
export let viewer: SignedInUser;
export let stranger: SignedInUser;

export async function signUpUser(
  label: string,
  name: string,
  language?: string,
): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const { jar, me } = await createVerifiedUser(testApp.app, smtp, {
    email,
    name,
    ...(language ? { language } : {}),
  });
  return { id: me.id, email, jar, cookie: jar.header() };
}

export async function trip(title = 'Kyoto'): Promise<string> {
  const created = await createItinerary(testApp, owner, { title });
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

/** The app, database and users of these tests: started before them, closed after. */
export function useSharingTest(): void {
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
}
