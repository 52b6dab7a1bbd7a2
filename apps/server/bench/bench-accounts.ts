import type { FastifyInstance } from 'fastify';
import type { MailMessage, Mailer } from '../src/mail/mailer';

const SESSION_COOKIE = 'jammy.session_token';

/** A mailer that keeps mail in memory: the bench reads the verification link from it. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** Signs a traveller up, follows the mailed verification link, returns the Cookie header. */
let travellers = 0;
export async function signUp(app: FastifyInstance, mailer: ReturnType<typeof memoryMailer>) {
  travellers += 1;
  const email = `bench-${Date.now()}-${travellers}@example.com`;
  // Each from an address of its own: sign-up is rate limited per client address.
  const remoteAddress = `10.77.${travellers >> 8}.${travellers & 255}`;
  const signUpResponse = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    payload: {
      name: 'Bench Traveller',
      email,
      password: 'correct horse battery',
      acceptTerms: true,
      callbackURL: '/itineraries',
    },
  });
  if (signUpResponse.statusCode !== 200) {
    throw new Error(`sign-up answered ${signUpResponse.statusCode}: ${signUpResponse.body}`);
  }
  const link = mailer.sent
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.text.match(/https?:\/\/\S+verify-email\S*/g) ?? [])[0];
  if (!link) throw new Error('no verification mail');
  const url = new URL(link);
  const verified = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress,
  });
  const setCookie = [verified.headers['set-cookie'] ?? []].flat();
  const session = setCookie
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`verification answered ${verified.statusCode} without a session`);
  return session;
}

/** The user id of a session cookie. */
export async function userIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const id = response.json<{ user: { id: string } | null }>().user?.id;
  if (!id) throw new Error(`GET /api/session answered ${response.statusCode} without a user`);
  return id;
}
