import { LANGUAGES, textDirection } from '@jammy/shared/languages';
import { describe, expect, it } from 'vitest';
import { mailMessages, renderMail, renderNotice, type MailKind } from './templates';

const KINDS: MailKind[] = [
  'verifyEmail',
  'resetPassword',
  'magicLink',
  'existingAccount',
  'changeEmail',
  'invitation',
];
const URL_WITH_QUERY = 'https://jammy.example/api/auth/verify-email?token=abc&callbackURL=%2F';

// Every language's mail messages are the `mail` namespace of its messages file, checked with
// the others (packages/shared/src/locales.test.ts).
describe('mail messages', () => {
  it.each(LANGUAGES)('%s: the SMS text keeps the code', (language) => {
    expect(mailMessages(language).sms.code).toContain('{code}');
  });
});

describe('renderMail', () => {
  it('greets by name, with the link in the text and in the HTML', () => {
    const mail = renderMail('verifyEmail', { language: 'en', name: 'Ada', url: URL_WITH_QUERY });
    const en = mailMessages('en');
    expect(mail.subject).toBe(en.verifyEmail.subject);
    expect(mail.text.split('\n')[0]).toBe('Hello Ada,');
    expect(mail.text).toContain(`${en.verifyEmail.action}: ${URL_WITH_QUERY}`);
    expect(mail.html).toContain(`href="${URL_WITH_QUERY.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('falls back to "traveller" for a missing or blank name', () => {
    for (const name of [null, undefined, '', '   ']) {
      const mail = renderMail('magicLink', { language: 'en', name, url: URL_WITH_QUERY });
      expect(mail.text.split('\n')[0]).toBe('Hello traveller,');
    }
  });

  it('escapes a name like <script> in the HTML', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const mail = renderMail('resetPassword', { language: 'en', name, url: URL_WITH_QUERY });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(
      'Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;,',
    );
    // The plain text part is plain text: no escaping there.
    expect(mail.text.split('\n')[0]).toBe(`Hello ${name},`);
  });

  it('escapes a hostile link and a hostile new address', () => {
    const url = 'https://jammy.example/x?a="><img src=x onerror=alert(1)>';
    const mail = renderMail('changeEmail', {
      language: 'en',
      name: 'Ada',
      url,
      values: { newEmail: '<b>evil</b>@example.com' },
    });
    expect(mail.html).not.toContain('"><img');
    expect(mail.html).not.toContain('<b>evil</b>');
    expect(mail.html).toContain('&lt;b&gt;evil&lt;/b&gt;@example.com');
    expect(mail.text).toContain('<b>evil</b>@example.com');
  });

  it('an invitation names the inviter, the trip and the role, escaped in the HTML', () => {
    const en = mailMessages('en');
    const mail = renderMail('invitation', {
      language: 'en',
      name: null,
      url: URL_WITH_QUERY,
      values: { inviter: 'Ana <b>', itinerary: 'Kyoto & Nara', role: en.roles.viewer },
    });
    expect(mail.subject).toBe('Ana <b> invited you to plan Kyoto & Nara on Jammy');
    expect(mail.text).toContain('"Kyoto & Nara"');
    expect(mail.text).toContain(`Your role: ${en.roles.viewer}.`);
    expect(mail.html).toContain('Ana &lt;b&gt;');
    expect(mail.html).not.toContain('Ana <b>');
  });

  it('Arabic mail is right to left', () => {
    const mail = renderMail('verifyEmail', { language: 'ar', name: 'ليلى', url: URL_WITH_QUERY });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align:right');
    expect(mail.subject).toBe(mailMessages('ar').verifyEmail.subject);
  });

  it('left-to-right languages align left', () => {
    for (const language of LANGUAGES.filter((code) => textDirection(code) === 'ltr')) {
      const mail = renderMail('verifyEmail', { language, name: 'A', url: URL_WITH_QUERY });
      expect(mail.html).toContain(`<html lang="${language}" dir="ltr">`);
      expect(mail.html).toContain('text-align:left');
    }
  });

  it('an unknown language falls back to English', () => {
    const mail = renderMail('magicLink', { language: 'xx', name: 'A', url: URL_WITH_QUERY });
    expect(mail.subject).toBe(mailMessages('en').magicLink.subject);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('every kind in every language renders its own texts and no leftover {placeholder}', () => {
    for (const language of LANGUAGES) {
      const messages = mailMessages(language);
      for (const kind of KINDS) {
        const mail = renderMail(kind, {
          language,
          name: 'Ada',
          url: URL_WITH_QUERY,
          values: {
            newEmail: 'new@example.com',
            inviter: 'Ana',
            itinerary: 'Kyoto',
            role: messages.roles.editor,
          },
        });
        expect(mail.subject).not.toMatch(/[{}]/);
        expect(mail.text).not.toMatch(/[{}]/);
        expect(mail.html).not.toMatch(/\{\w+\}/);
        expect(mail.text).toContain(messages[kind].action);
        expect(mail.text).toContain(messages.signature);
      }
    }
  });
});

describe('renderNotice', () => {
  const notice = (language: 'en' | 'ar', title: string) =>
    renderNotice({
      language,
      name: 'Ada',
      subject: `Order ${title}`,
      intro: ['First paragraph.', 'Second paragraph.'],
      lines: [
        { label: title, value: '€19.00' },
        { label: 'Total', value: '€19.00', strong: true },
      ],
      links: [{ label: title, url: 'https://jammy.example/x?copy=1&a="b"' }],
      outro: ['Last words.'],
      action: { label: 'See my orders', url: 'https://jammy.example/account#orders' },
    });

  it('writes paragraphs, lines, links and the call to action in the text, in order', () => {
    const mail = notice('en', 'Kyoto & Nara');
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        'First paragraph.',
        'Second paragraph.',
        'Kyoto & Nara: €19.00\nTotal: €19.00',
        'Kyoto & Nara: https://jammy.example/x?copy=1&a="b"',
        'Last words.',
        'See my orders: https://jammy.example/account#orders',
        `— ${mailMessages('en').signature}`,
      ].join('\n\n'),
    );
  });

  it('escapes every text and link in the HTML', () => {
    const mail = notice('en', '<img src=x onerror=alert(1)>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://jammy.example/x?copy=1&amp;a=&quot;b&quot;"');
  });

  it('is right to left in Arabic, the amounts at the end of each line', () => {
    const mail = notice('ar', 'كيوتو');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align:left;white-space:nowrap');
    expect(mail.text.split('\n')[0]).toBe('مرحبًا Ada،');
  });
});
