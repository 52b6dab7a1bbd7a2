import { describe, expect, it } from 'vitest';
import { authPath, inLanguage, redirectHasError, redirectTarget } from './auth-redirect';
import { federatedOptions, socialSignInRequest } from './federated';

describe('sign-in redirects', () => {
  it('keep the redirect on every sign-in page, localized', () => {
    expect(authPath('/login', 'en', '/itineraries')).toBe('/login?redirect=%2Fitineraries');
    expect(authPath('/login', 'it', null)).toBe('/it/login');
    expect(authPath('/register/finish', 'fr', '/fr/account', { email: 'a@b.c' })).toBe(
      '/fr/register/finish?email=a%40b.c&redirect=%2Ffr%2Faccount',
    );
  });

  it('go only to a page of this site', () => {
    expect(redirectTarget('/it/itineraries?x=1', 'it')).toBe('/it/itineraries?x=1');
    expect(redirectTarget('//evil.example/x', 'en')).toBe('/itineraries');
    expect(redirectTarget('https://evil.example/', 'de')).toBe('/de/itineraries');
    expect(redirectTarget(null, 'ar', '/on-boarding')).toBe('/ar/on-boarding');
  });

  it('move a page to another language', () => {
    expect(inLanguage('/it/itineraries?x=1#top', 'fr')).toBe('/fr/itineraries?x=1#top');
    expect(inLanguage('/on-boarding', 'ar')).toBe('/ar/on-boarding');
    expect(inLanguage('/de/on-boarding', 'en')).toBe('/on-boarding');
  });

  it('notice a link that failed on its way to the page', () => {
    expect(redirectHasError('/on-boarding?error=INVALID_TOKEN')).toBe(true);
    expect(redirectHasError('/on-boarding')).toBe(false);
    expect(redirectHasError(null)).toBe(false);
  });
});

describe('federated sign-in', () => {
  it('offers only the configured providers, OIDC under its own name', () => {
    expect(federatedOptions(undefined)).toEqual([]);
    const base = { password: true, emailLink: true, phone: true } as const;
    expect(federatedOptions({ ...base, oidc: null, google: false, github: false })).toEqual([]);
    expect(
      federatedOptions({ ...base, oidc: { name: 'Company SSO' }, google: true, github: true }),
    ).toEqual([
      { provider: 'oidc', name: 'Company SSO' },
      { provider: 'google', name: 'Google' },
      { provider: 'github', name: 'GitHub' },
    ]);
  });

  it('comes back to the page asked for, a new account by way of its profile', () => {
    expect(socialSignInRequest('oidc', 'it', '/it/account')).toEqual({
      provider: 'oidc',
      callbackURL: '/it/account',
      newUserCallbackURL: '/it/finish-register?redirect=%2Fit%2Faccount',
      errorCallbackURL: '/it/login/start?redirect=%2Fit%2Faccount',
    });
    expect(socialSignInRequest('github', 'en', 'https://evil.example')).toMatchObject({
      callbackURL: '/itineraries',
    });
  });
});
