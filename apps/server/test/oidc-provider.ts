import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account, type Adapter, type Interaction } from 'oidc-provider';

/** Lifetimes of the provider's artifacts, in seconds (set to keep it from warning). */
const TTL = {
  AccessToken: 600,
  AuthorizationCode: 60,
  Grant: 3600,
  IdToken: 600,
  Interaction: 600,
  RefreshToken: 3600,
  Session: 3600,
};

type Payload = Record<string, unknown>;

/** oidc-provider's storage, in memory: one instance per model name. */
class MemoryAdapter implements Adapter {
  static readonly #store = new Map<string, { payload: Payload; expiresAt: number }>();
  readonly #model: string;

  constructor(model: string) {
    this.#model = model;
  }

  #key(id: string) {
    return `${this.#model}:${id}`;
  }

  async upsert(id: string, payload: Payload, expiresIn: number) {
    MemoryAdapter.#store.set(this.#key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  async find(id: string) {
    const entry = MemoryAdapter.#store.get(this.#key(id));
    if (!entry || entry.expiresAt < Date.now()) return undefined;
    return entry.payload;
  }

  async findByUid(uid: string) {
    for (const [key, entry] of MemoryAdapter.#store) {
      if (key.startsWith(`${this.#model}:`) && entry.payload.uid === uid) return entry.payload;
    }
    return undefined;
  }

  async findByUserCode(userCode: string) {
    for (const [key, entry] of MemoryAdapter.#store) {
      if (key.startsWith(`${this.#model}:`) && entry.payload.userCode === userCode) {
        return entry.payload;
      }
    }
    return undefined;
  }

  async consume(id: string) {
    const entry = MemoryAdapter.#store.get(this.#key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    MemoryAdapter.#store.delete(this.#key(id));
  }

  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of MemoryAdapter.#store) {
      if (entry.payload.grantId === grantId) MemoryAdapter.#store.delete(key);
    }
  }
}

/** The person the test OpenID provider signs in. */
export interface OidcTestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface StartOidcProviderOptions {
  /** Where the provider may send the code back, e.g. `${PUBLIC_URL}/api/auth/callback/oidc`. */
  redirectUris: string[];
  /** Who logs in (until `setAccount`). */
  account: OidcTestAccount;
  clientId?: string;
  clientSecret?: string;
  /**
   * How the client authenticates at the token endpoint. Default `client_secret_basic`, the
   * default of OpenID client registration (RFC 7591 §2).
   */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** A fixed port (default: any free one). */
  port?: number;
}

export interface TestOidcProvider {
  /** OIDC_ISSUER for the app, e.g. http://127.0.0.1:PORT. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login signs in as (the provider's own session aside). */
  setAccount(account: OidcTestAccount): void;
  /** How many times the login step ran (a provider session skips it). */
  readonly logins: number;
  /** Errors the provider reported (server_error, grant and token errors). */
  readonly errors: string[];
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port with one confidential client.
 * Its interaction step needs no browser: the login signs in the configured account at once
 * and consent grants whatever the client asked for.
 */
export async function startOidcProvider(
  options: StartOidcProviderOptions,
): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcTestAccount>([[options.account.sub, options.account]]);
  let current = options.account;
  let logins = 0;
  const errors: string[] = [];
  const clientId = options.clientId ?? 'jammy-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
      },
    ],
    findAccount: (_context, sub): Account | undefined => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    adapter: MemoryAdapter,
    ttl: TTL,
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
  });
  for (const event of ['server_error', 'grant.error', 'authorization.error', 'userinfo.error']) {
    provider.on(event, (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      errors.push(`${event}: ${error instanceof Error ? error.message : 'unknown'}`);
    });
  }

  const handleProvider = provider.callback();
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response).catch((error: unknown) => {
        errors.push(`interaction: ${error instanceof Error ? error.message : String(error)}`);
        response.statusCode = 500;
        response.end();
      });
      return;
    }
    handleProvider(request, response);
  });

  async function interact(request: http.IncomingMessage, response: http.ServerResponse) {
    const details: Interaction = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      logins += 1;
      accounts.set(current.sub, current);
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? current.sub;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: details.params.client_id });
    if (!grant) throw new Error(`grant ${details.grantId ?? ''} not found`);
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(account) {
      current = account;
      accounts.set(account.sub, account);
    },
    get logins() {
      return logins;
    },
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
