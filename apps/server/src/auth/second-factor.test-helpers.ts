import { generate } from 'otplib';
import { expect } from 'vitest';
import {
  CookieJar,
  TEST_PASSWORD,
  createVerifiedUser,
  nextIp,
  signIn,
  uniqueEmail,
} from '../../test/auth-helpers';
import type { TestServer } from '../../test/server';

// Codes are computed here by otplib, an implementation of RFC 6238 independent of the server's.

/** The base32 secret of an otpauth:// URI. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return secret;
}

/** The code an authenticator app shows now for `secret`, or `steps` periods of 30 s away. */
export function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** POST to an account route with the jar's cookies, from an address of its own. */
export function post(server: TestServer, jar: CookieJar, url: string, payload: object) {
  return server.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { ...jar.headers(), origin: server.origin },
    payload,
  });
}

export interface Enrolled {
  email: string;
  jar: CookieJar;
  secret: string;
  backupCodes: string[];
}

/** Starts and confirms an authenticator app on a signed-in account with a password. */
export async function enrol(server: TestServer, jar: CookieJar, password = TEST_PASSWORD) {
  const started = await post(server, jar, '/api/auth/two-factor/enable', { password });
  expect(started.statusCode, started.body).toBe(200);
  const { totpURI, backupCodes } = started.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = secretOf(totpURI);
  const confirmed = await post(server, jar, '/api/auth/two-factor/verify-totp', {
    code: await codeFor(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // Confirming replaces the session (its user now has a second factor).
  jar.store(confirmed);
  return { secret, backupCodes };
}

/** A verified traveller with a password and a confirmed authenticator app. */
export async function enrolledTraveller(server: TestServer, label: string): Promise<Enrolled> {
  const email = uniqueEmail(label);
  const { jar } = await createVerifiedUser(server.app, server.smtp, { email });
  return { email, jar, ...(await enrol(server, jar)) };
}

/** The first step of a password sign-in: the jar then holds the challenge cookie only. */
export async function firstStep(server: TestServer, email: string) {
  const response = await signIn(server.app, email, TEST_PASSWORD);
  return { response, jar: new CookieJar().store(response) };
}
