import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextIp, signIn, signUp, uniqueEmail, type AuthErrorBody } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** pino's numeric levels. */
const WARN = 40;
const ERROR = 50;

interface LogLine {
  level: number;
  msg: string;
}

const lines: LogLine[] = [];
let database: TestDatabase;
let testApp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  testApp = await buildTestApp({ databaseUrl: database.url, logger });
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

beforeEach(() => {
  lines.length = 0;
});

const app = () => testApp.app;
const EVIL = 'https://evil.example';

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app().inject({ method: 'POST', url, remoteAddress: nextIp(), headers, payload });
}

/** What was logged at error level or above. */
const errors = () => lines.filter((line) => line.level >= ERROR).map((line) => line.msg);
/** What was logged at warn level exactly. */
const warnings = () => lines.filter((line) => line.level === WARN).map((line) => line.msg);

// Anyone can send these requests: at error level they would flood the log that should only
// hold the server's own failures.
describe('refused identity requests are logged as warnings, not errors', () => {
  it('a password reset asked with a redirect to another site', async () => {
    const response = await post('/api/auth/request-password-reset', {
      email: uniqueEmail('reset-log'),
      redirectTo: `${EVIL}/phish`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<AuthErrorBody>().code).toBe('INVALID_REDIRECT_URL');
    expect(errors()).toEqual([]);
    expect(warnings().join('\n')).toContain(`${EVIL}/phish`);
  });

  it('an e-mail link asked with a callback to another site', async () => {
    const response = await post('/api/auth/sign-in/magic-link', {
      email: uniqueEmail('link-log'),
      callbackURL: `${EVIL}/phish`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<AuthErrorBody>().code).toBe('INVALID_CALLBACK_URL');
    expect(errors()).toEqual([]);
    expect(warnings().join('\n')).toContain(`${EVIL}/phish`);
  });

  it('a sign-up from another origin, and a wrong password', async () => {
    const refused = await post(
      '/api/auth/sign-up/email',
      {
        name: 'Eve',
        email: uniqueEmail('origin-log'),
        password: 'correct horse battery',
        acceptTerms: true,
      },
      { origin: EVIL },
    );
    expect(refused.statusCode).toBe(403);
    expect((await signUp(app(), { email: uniqueEmail('ok') })).statusCode).toBe(200);
    const wrong = await signIn(app(), uniqueEmail('nobody'), 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(errors()).toEqual([]);
    expect(warnings().join('\n')).toContain(EVIL);
  });
});
