import pino from 'pino';
import { describe, expect } from 'vitest';
import {
  createVerifiedUser,
  nextIp,
  signUp,
  uniqueEmail,
  type AuthErrorBody,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestApp } from '../../test/test-app';
import { freePort } from '../../test/ports';
import { smtpMailer } from './mailer';
import enLocale from '@jammy/shared/locales/en.json';
import { renderMail } from './templates';

const en = enLocale.mail;

const test = serverTest({ env: { MAIL_FROM: 'Jammy Test <hello@jammy.example>' } });

describe('smtpMailer', () => {
  test('sends text and HTML from MAIL_FROM to the recipient', async ({ server }) => {
    const mailer = smtpMailer(
      server.smtp.url,
      'Sender <sender@jammy.example>',
      pino({ level: 'silent' }),
    );
    expect(mailer.kind).toBe('smtp');
    const rendered = renderMail('magicLink', {
      language: 'en',
      name: 'Ada',
      url: 'https://jammy.example/x?token=1',
    });
    await mailer.send({ to: 'ada@example.com', ...rendered });
    const mail = await server.smtp.waitForMail('ada@example.com');
    expect(mail.from).toBe('sender@jammy.example');
    expect(mail.fromHeader).toBe('"Sender" <sender@jammy.example>');
    expect(mail.subject).toBe(en.magicLink.subject);
    expect(mail.text).toBe(rendered.text);
    expect(mail.html).toBe(rendered.html);
    expect(mail.links).toEqual(['https://jammy.example/x?token=1']);
  });

  test('a refused connection is an error for the caller', async () => {
    const port = await freePort();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'a@b.example', pino({ level: 'silent' }));
    await expect(
      mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('the app over SMTP', () => {
  test('mails from MAIL_FROM', async ({ server }) => {
    const email = uniqueEmail('from');
    await signUp(server.app, { email });
    const mail = await server.smtp.waitForMail(email);
    expect(mail.from).toBe('hello@jammy.example');
    expect(mail.fromHeader).toBe('"Jammy Test" <hello@jammy.example>');
  });

  describe('when the SMTP server is down', () => {
    let down: TestApp;
    let known: string;

    test.beforeAll(async ({ server }) => {
      known = uniqueEmail('known-down');
      await createVerifiedUser(server.app, server.smtp, { email: known });
      down = await server.another({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    });

    test('sign-up still answers 200, for new and known addresses alike', async () => {
      const fresh = await signUp(down.app, { email: uniqueEmail('down') });
      const duplicate = await signUp(down.app, { email: known });
      expect(fresh.statusCode).toBe(200);
      expect(duplicate.statusCode).toBe(200);
    });

    test('request-password-reset answers the same for known and unknown addresses', async () => {
      const request = (email: string) =>
        down.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          remoteAddress: nextIp(),
          payload: { email, redirectTo: '/forgot-password' },
        });
      const a = await request(known);
      const b = await request(uniqueEmail('unknown-down'));
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
    });

    test('an e-mail link request fails visibly (500) for known and unknown addresses alike', async () => {
      const request = (email: string) =>
        down.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/magic-link',
          remoteAddress: nextIp(),
          payload: { email, callbackURL: '/itineraries' },
        });
      const a = await request(known);
      const b = await request(uniqueEmail('unknown-link'));
      expect(a.statusCode).toBe(500);
      expect(b.statusCode).toBe(500);
      expect(a.body).toBe(b.body);
      expect(a.body).not.toContain('ECONNREFUSED');
      expect(a.json<AuthErrorBody | null>()).toBeNull();
    });
  });
});
