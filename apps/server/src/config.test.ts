import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_WEB_DIST_DIR } from './paths';

/** The ConfigError thrown by loadConfig(env), failing the test when there is none. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a default for everything (DESIGN §8)', () => {
    expect(loadConfig({})).toEqual({
      env: 'production',
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: undefined,
      sessionSecret: undefined,
      logLevel: 'info',
      trustProxy: false,
      webDistDir: path.resolve(DEFAULT_WEB_DIST_DIR),
      baseUrl: new URL('http://localhost:3000'),
      mail: { smtpUrl: undefined, from: 'Jammy <no-reply@jammy.localhost>' },
      twilio: undefined,
      oidc: undefined,
      google: undefined,
      github: undefined,
      adminEmails: new Set(),
      mcpEnabled: false,
      requireSecondFactor: 'off',
      shop: { taxRateBasisPoints: 0, taxInclusive: true, stripe: undefined },
      geocoder: undefined,
      router: undefined,
      documentCacheBytes: 64 * 1024 * 1024,
      metricsPort: undefined,
      inbox: {
        domain: 'localhost',
        smtp: undefined,
        imap: undefined,
        dnsServers: undefined,
        kitineraryPath: undefined,
      },
      drainDelayMs: 0,
      tracing: undefined,
      operator: {
        name: undefined,
        address: undefined,
        contact: undefined,
        jurisdiction: undefined,
      },
      contactEmails: [],
      stripe: false,
      storage: {
        bucket: 'jammy',
        imageMaxBytes: 15 * 1024 * 1024,
        documentMaxBytes: 25 * 1024 * 1024,
        quotaBytes: 5 * 1024 * 1024 * 1024,
        s3: undefined,
      },
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution:
          '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      },
    });
  });

  it('reads the shop: taxes in hundredths of a percent, Stripe only with its webhook secret', () => {
    const config = loadConfig({
      SHOP_TAX_RATE: '7.7',
      SHOP_TAX_INCLUSIVE: 'false',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.shop).toEqual({
      taxRateBasisPoints: 770,
      taxInclusive: false,
      stripe: {
        secretKey: 'sk_test_x',
        webhookSecret: 'whsec_x',
        apiUrl: new URL('http://127.0.0.1:12111'),
      },
    });
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_x' }).message).toMatch(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(configError({ SHOP_TAX_RATE: '120' }).message).toMatch(/SHOP_TAX_RATE/);
    expect(configError({ SHOP_TAX_RATE: '7.777' }).message).toMatch(/SHOP_TAX_RATE/);
    expect(configError({ SHOP_TAX_RATE: 'lots' }).message).toMatch(/SHOP_TAX_RATE/);
  });

  it('refuses a MAP_TILE_URL without {z}/{x}/{y}', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/map.png' })).toThrow(
      /MAP_TILE_URL/,
    );
  });

  it('reads the identity, mail and SMS variables, and derives the base URL', () => {
    const config = loadConfig({
      PORT: '4000',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'Trips <trips@example.com>',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15550001',
      OIDC_ISSUER: 'https://id.example/realms/x',
      OIDC_CLIENT_ID: 'jammy',
      OIDC_CLIENT_SECRET: 'secret',
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'ghs',
      ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ',
    });
    expect(config.baseUrl.toString()).toBe('http://localhost:4000/');
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'Trips <trips@example.com>',
    });
    expect(config.twilio).toEqual({
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15550001',
      apiUrl: 'https://api.twilio.com',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example/realms/x',
      clientId: 'jammy',
      clientSecret: 'secret',
      name: 'Single sign-on',
    });
    expect(config.github).toEqual({ clientId: 'gh', clientSecret: 'ghs' });
    // A provider needs both its id and its secret.
    expect(config.google).toBeUndefined();
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '8080',
      DATA_DIR: '/var/lib/jammy',
      DATABASE_URL: ' postgresql://jammy:pw@db:5432/jammy ',
      PUBLIC_URL: 'https://jammy.example/',
      SESSION_SECRET: 's'.repeat(32),
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '1',
      WEB_DIST_DIR: '/srv/web',
    });
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/var/lib/jammy',
      databaseUrl: 'postgresql://jammy:pw@db:5432/jammy',
      publicUrl: new URL('https://jammy.example/'),
      sessionSecret: 's'.repeat(32),
      logLevel: 'debug',
      trustProxy: true,
      webDistDir: '/srv/web',
    });
    expect(config.publicUrl).toBeInstanceOf(URL);
  });

  it('serves metrics on METRICS_PORT and sends traces to OTEL_EXPORTER_OTLP_ENDPOINT when set', () => {
    const config = loadConfig({
      METRICS_PORT: '9464',
      OTEL_EXPORTER_OTLP_ENDPOINT: ' http://collector:4318 ',
    });
    expect(config.metricsPort).toBe(9464);
    expect(config.tracing).toEqual({ endpoint: 'http://collector:4318' });
  });

  it('receives the booking inbox’s mail on INBOX_SMTP_PORT and from INBOX_IMAP_URL when set', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://jammy.example',
      HOST: '127.0.0.1',
      INBOX_SMTP_PORT: '2525',
      INBOX_IMAP_URL: 'imaps://trips%40example.org:pw@imap.example.org/INBOX',
      INBOX_DNS_SERVERS: '1.1.1.1,[2606:4700::1111]:53',
    });
    expect(config.inbox).toEqual({
      domain: 'jammy.example',
      smtp: { host: '127.0.0.1', port: 2525 },
      imap: { url: 'imaps://trips%40example.org:pw@imap.example.org/INBOX', pollSeconds: 60 },
      dnsServers: ['1.1.1.1', '[2606:4700::1111]:53'],
      kitineraryPath: undefined,
    });
    expect(loadConfig({ INBOX_DOMAIN: 'Inbox.Example.org' }).inbox.domain).toBe(
      'inbox.example.org',
    );
  });

  it('reads DRAIN_DELAY_SECONDS as milliseconds to stay unready before stopping', () => {
    expect(loadConfig({ DRAIN_DELAY_SECONDS: '5' }).drainDelayMs).toBe(5000);
    expect(loadConfig({ DRAIN_DELAY_SECONDS: '0.5' }).drainDelayMs).toBe(500);
  });

  it('never serves metrics on the public port', () => {
    const error = configError({ PORT: '8080', METRICS_PORT: '8080' });
    expect(error.message).toMatch(/^ {2}METRICS_PORT: must differ from PORT/m);
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'some/dir' }).dataDir).toBe(path.resolve('some/dir'));
  });

  it('reports several bad variables in ONE ConfigError naming each', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(error.name).toBe('ConfigError');
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.trim().startsWith('PORT:'))).toBe(true);
    expect(lines).toContain('  DATABASE_URL: must start with postgres:// or postgresql://');
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['PUBLIC_URL', 'ftp://jammy.example'],
    ['PUBLIC_URL', 'not a url'],
    ['SESSION_SECRET', 'too-short'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['METRICS_PORT', '0'],
    ['METRICS_PORT', '70000'],
    ['METRICS_PORT', 'metrics'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['INBOX_SMTP_PORT', '0'],
    ['INBOX_IMAP_URL', 'pop3://mail.example.org'],
    ['INBOX_DOMAIN', 'not a domain'],
    ['INBOX_IMAP_POLL_SECONDS', '1'],
    ['DRAIN_DELAY_SECONDS', '-1'],
    ['DRAIN_DELAY_SECONDS', '61'],
    ['DRAIN_DELAY_SECONDS', 'soon'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('never puts a secret value into the error message', () => {
    const error = configError({ SESSION_SECRET: 'hunter2-secret', DATABASE_URL: 'mysql://u:pw@h' });
    expect(error.message).not.toContain('hunter2-secret');
    expect(error.message).not.toContain(':pw@');
  });

  describe('treats empty strings as unset', () => {
    const defaults = loadConfig({});

    it.each(['DATABASE_URL', 'PUBLIC_URL', 'SESSION_SECRET', 'WEB_DIST_DIR'])('%s=""', (name) => {
      expect(loadConfig({ [name]: '' })).toEqual(defaults);
      expect(loadConfig({ [name]: '   ' })).toEqual(defaults);
    });

    // PORT='' must not become port 0 (a random port), nor the others refuse to start.
    it.each(['PORT', 'HOST', 'DATA_DIR', 'NODE_ENV', 'LOG_LEVEL', 'TRUST_PROXY'])(
      '%s=""',
      (name) => {
        expect(loadConfig({ [name]: '' })).toEqual(defaults);
      },
    );
  });
});
