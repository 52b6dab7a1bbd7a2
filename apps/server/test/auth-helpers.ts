import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Me } from '@jammy/shared/account';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestSmtpServer } from './smtp-server';

/** A good password for test accounts (PASSWORD_MIN_LENGTH is 10). */
export const TEST_PASSWORD = 'correct horse battery';
/** better-auth's session cookie with our prefix (over http). */
export const SESSION_COOKIE = 'jammy.session_token';

let addressCounter = 0;
const addressBase = Math.floor(Math.random() * 200) + 1;

/** A client address no other test of this process uses, so rate limits never collide. */
export function nextIp(): string {
  addressCounter += 1;
  return `10.${addressBase}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

let emailCounter = 0;

/** A unique address on a reserved domain, e.g. `reset-3-k2f9@example.com`. */
export function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** One parsed Set-Cookie header. */
export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flags map to ''. */
  attributes: Map<string, string>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...parts] = header.split(';');
  const index = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const [key = '', ...rest] = part.trim().split('=');
    attributes.set(key.toLowerCase(), rest.join('='));
  }
  return {
    name: pair.slice(0, index).trim(),
    value: pair.slice(index + 1).trim(),
    attributes,
  };
}

/** The Set-Cookie headers of an injected or fetched response. */
export function setCookieHeaders(response: LightMyRequestResponse | Response): string[] {
  if (response instanceof Response) return response.headers.getSetCookie();
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** A tiny cookie store for one client of one origin (expiry by Max-Age=0 or a past date). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: LightMyRequestResponse | Response): this {
    for (const header of setCookieHeaders(response)) {
      const cookie = parseSetCookie(header);
      const maxAge = cookie.attributes.get('max-age');
      const expires = cookie.attributes.get('expires');
      const expired =
        maxAge === '0' ||
        cookie.value === '' ||
        (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired) this.#cookies.delete(cookie.name);
      else this.#cookies.set(cookie.name, cookie.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  /** The Cookie request header (empty when the jar is empty). */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** `{ cookie }` for inject/fetch headers, or nothing when empty. */
  headers(): Record<string, string> {
    const cookie = this.header();
    return cookie ? { cookie } : {};
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.#cookies) copy.#cookies.set(name, value);
    return copy;
  }
}

export interface SignUpInput {
  email: string;
  password?: string;
  name?: string;
  language?: string;
  callbackURL?: string;
  acceptTerms?: boolean;
}

/** POST /api/auth/sign-up/email from a client address of its own. */
export function signUp(app: FastifyInstance, input: SignUpInput, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: ip,
    payload: {
      name: input.name ?? 'Test Traveller',
      email: input.email,
      password: input.password ?? TEST_PASSWORD,
      acceptTerms: input.acceptTerms ?? true,
      ...(input.language ? { language: input.language } : {}),
      callbackURL: input.callbackURL ?? '/itineraries',
    },
  });
}

/** POST /api/auth/sign-in/email. */
export function signIn(app: FastifyInstance, email: string, password: string, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    payload: { email, password },
  });
}

/** GET a link from a mail (an absolute URL to this app) with the given cookies. */
export function followLink(app: FastifyInstance, link: string, jar?: CookieJar, ip = nextIp()) {
  const url = new URL(link);
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress: ip,
    headers: jar?.headers() ?? {},
  });
}

/** GET /api/me with a jar's cookies. */
export function getMe(app: FastifyInstance, jar: CookieJar) {
  return app.inject({ method: 'GET', url: '/api/me', headers: jar.headers() });
}

/** The parsed body of a 200 GET /api/me (fails the test otherwise). */
export async function readMe(app: FastifyInstance, jar: CookieJar): Promise<Me> {
  const response = await getMe(app, jar);
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/me answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<Me>();
}

/** The single link of a mail (the call to action). */
export function onlyLink(links: readonly string[]): string {
  const unique = [...new Set(links)];
  if (unique.length !== 1 || !unique[0]) {
    throw new Error(`expected exactly one link, got ${JSON.stringify(links)}`);
  }
  return unique[0];
}

/**
 * Signs up through the API, confirms the address with the mailed link, and returns the
 * signed-in cookie jar (the verification link signs in).
 */
export async function createVerifiedUser(
  app: FastifyInstance,
  smtp: TestSmtpServer,
  input: SignUpInput,
): Promise<{ jar: CookieJar; me: Me }> {
  const response = await signUp(app, input);
  if (response.statusCode !== 200) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const mail = await smtp.waitForMail(input.email, (candidate) =>
    candidate.links.some((link) => link.includes('/verify-email?')),
  );
  const verified = await followLink(app, onlyLink(mail.links));
  if (verified.statusCode !== 302) {
    throw new Error(`verification link answered ${verified.statusCode}: ${verified.body}`);
  }
  const jar = new CookieJar().store(verified);
  return { jar, me: await readMe(app, jar) };
}

/** Signs in with a password and returns the cookie jar (fails the test otherwise). */
export async function signedInJar(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<CookieJar> {
  const response = await signIn(app, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  }
  return new CookieJar().store(response);
}

/** One text message the outbox SMS sender wrote. */
export interface OutboxSms {
  file: string;
  to: string;
  body: string;
  createdAt: string;
}

/** Every SMS in DATA_DIR/outbox, oldest first (UUIDv7 names sort by time). */
export async function readOutboxSms(dataDir: string): Promise<OutboxSms[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.sms.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Omit<
        OutboxSms,
        'file'
      >;
      return { file, ...parsed };
    }),
  );
}

/** The six-digit code of the newest SMS to `phone` in the outbox. */
export async function latestSmsCode(dataDir: string, phone: string): Promise<string> {
  const messages = (await readOutboxSms(dataDir)).filter((sms) => sms.to === phone);
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no SMS code for ${phone} in the outbox`);
  return code;
}

/** The error body of a Jammy /api error. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** better-auth's error body. */
export interface AuthErrorBody {
  code?: string;
  message: string;
}
