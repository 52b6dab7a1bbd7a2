import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLocalHostname, localOriginOf, trustedOrigins } from './trusted-origins';

describe('isLocalHostname', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.20',
    '169.254.10.1',
    '[::1]',
    '[fd00::2]',
    '[fc12:3456::1]',
    '[fe80::1]',
  ])('%s is this machine or a private network', (hostname) => {
    expect(isLocalHostname(hostname)).toBe(true);
  });

  it.each([
    // Public and documentation addresses, and the neighbours of the private ranges.
    '8.8.8.8',
    '192.0.2.2',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '11.0.0.1',
    '[2001:db8::1]',
    '[2a00:1450::1]',
    '[fec0::1]',
    // Names other than localhost could be pointed at us by anyone (DNS rebinding).
    'jammy.example',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'sub.localhost',
    '',
  ])('%s is not', (hostname) => {
    expect(isLocalHostname(hostname)).toBe(false);
  });

  it('no public IPv4 address outside the local ranges counts as local', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), ([a, b, c, d]) => {
        const local =
          a === 127 ||
          a === 10 ||
          (a === 172 && b >= 16 && b <= 31) ||
          (a === 192 && b === 168) ||
          (a === 169 && b === 254);
        expect(isLocalHostname(`${a}.${b}.${c}.${d}`)).toBe(local);
      }),
    );
  });
});

describe('localOriginOf', () => {
  it('is the origin the browser used, normalised, when its host is local', () => {
    expect(localOriginOf({ protocol: 'http', host: '127.0.0.1:3000' })).toBe(
      'http://127.0.0.1:3000',
    );
    expect(localOriginOf({ protocol: 'http', host: '192.168.1.20' })).toBe('http://192.168.1.20');
    expect(localOriginOf({ protocol: 'http', host: '192.168.1.20:80' })).toBe(
      'http://192.168.1.20',
    );
    expect(localOriginOf({ protocol: 'https', host: '[FD00::2]:8443' })).toBe(
      'https://[fd00::2]:8443',
    );
  });

  it('is nothing for a public or named host, or a Host that is more than a host', () => {
    expect(localOriginOf({ protocol: 'http', host: '203.0.113.7:3000' })).toBeUndefined();
    expect(localOriginOf({ protocol: 'http', host: 'jammy.example' })).toBeUndefined();
    expect(
      localOriginOf({ protocol: 'http', host: '127.0.0.1:3000@evil.example' }),
    ).toBeUndefined();
    expect(localOriginOf({ protocol: 'http', host: 'evil.example@127.0.0.1' })).toBeUndefined();
    expect(localOriginOf({ protocol: 'http', host: '127.0.0.1/evil' })).toBeUndefined();
    expect(localOriginOf({ protocol: 'http', host: '' })).toBeUndefined();
  });
});

describe('trustedOrigins', () => {
  const withoutPublicUrl = trustedOrigins({
    env: 'production',
    publicUrl: undefined,
    baseUrl: new URL('http://localhost:3000'),
  });
  const withPublicUrl = trustedOrigins({
    env: 'production',
    publicUrl: new URL('https://trips.example.org'),
    baseUrl: new URL('https://trips.example.org'),
  });
  const lan = { protocol: 'http', host: '192.168.1.20:3000' } as const;

  it('without PUBLIC_URL, trusts the local address the browser used, exactly', () => {
    expect(withoutPublicUrl.trusts(lan, 'http://192.168.1.20:3000')).toBe(true);
    expect(withoutPublicUrl.trusts(lan, 'http://localhost:3000')).toBe(true);
    expect(withoutPublicUrl.trusts(lan, 'http://192.168.1.20:3001')).toBe(false);
    expect(withoutPublicUrl.trusts(lan, 'https://192.168.1.20:3000')).toBe(false);
    expect(withoutPublicUrl.trusts(lan, 'http://192.168.1.21:3000')).toBe(false);
    expect(withoutPublicUrl.trusts(lan, 'https://evil.example')).toBe(false);
    const published = { protocol: 'http', host: '203.0.113.7:3000' } as const;
    expect(withoutPublicUrl.trusts(published, 'http://203.0.113.7:3000')).toBe(false);
  });

  it('with PUBLIC_URL, trusts its origin only', () => {
    expect(withPublicUrl.trusts(lan, 'https://trips.example.org')).toBe(true);
    expect(withPublicUrl.trusts(lan, 'http://192.168.1.20:3000')).toBe(false);
    const loopback = { protocol: 'http', host: '127.0.0.1:3000' } as const;
    expect(withPublicUrl.trusts(loopback, 'http://127.0.0.1:3000')).toBe(false);
  });

  it('tells a refused origin what to open or what to set', () => {
    expect(withPublicUrl.refusal('http://127.0.0.1:3000')).toEqual({
      code: 'INVALID_ORIGIN',
      message: expect.stringContaining('PUBLIC_URL=http://127.0.0.1:3000') as string,
      origin: 'http://127.0.0.1:3000',
      publicUrl: 'https://trips.example.org',
    });
    const refusal = withoutPublicUrl.refusal('http://203.0.113.7:3000');
    expect(refusal.publicUrl).toBeNull();
    expect(refusal.message).toContain('Set PUBLIC_URL=http://203.0.113.7:3000');
  });
});
