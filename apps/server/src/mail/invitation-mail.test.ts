import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation-mail';
import { mailMessages } from './templates';

const base = {
  origin: 'https://jammy.example',
  token: 'tok',
  role: 'viewer' as const,
  itineraryTitle: 'Kyoto in spring',
};

describe('invitationMail', () => {
  it('writes to someone without an account in the inviter’s language, linking without a prefix', () => {
    const mail = invitationMail({
      ...base,
      invitee: undefined,
      inviter: { name: 'Ana', email: 'ana@example.com', language: 'de' },
    });
    expect(mail.subject).toContain('Ana');
    expect(mail.text).toContain(mailMessages('de').roles.viewer);
    expect(mail.text).toContain('https://jammy.example/itineraries?invitation=tok');
  });

  it('writes to an account in its own language, and links there', () => {
    const mail = invitationMail({
      ...base,
      invitee: { name: 'Bo', language: 'it' },
      inviter: { name: 'Ana', email: 'ana@example.com', language: 'de' },
    });
    expect(mail.text).toContain(mailMessages('it').roles.viewer);
    expect(mail.text).toContain('https://jammy.example/it/itineraries?invitation=tok');
  });

  it('names the inviter by address without a name, and as Jammy when unknown', () => {
    const byAddress = invitationMail({
      ...base,
      invitee: undefined,
      inviter: { name: '', email: 'ana@example.com', language: 'en' },
    });
    expect(byAddress.subject).toBe('ana@example.com invited you to plan Kyoto in spring on Jammy');
    const unknown = invitationMail({ ...base, invitee: undefined, inviter: undefined });
    expect(unknown.subject).toBe('Jammy invited you to plan Kyoto in spring on Jammy');
  });
});
