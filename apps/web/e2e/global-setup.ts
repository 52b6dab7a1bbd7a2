import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../../server/test/oidc-provider';
import { startMailCatcher } from './mail-catcher';
import { startTileServer } from './tile-server';

/** The person the test OpenID provider signs in (one per run: their first sign-in creates them). */
export const OIDC_ACCOUNT = {
  sub: 'oidc-traveller',
  email: 'oidc.traveller@jammy.test',
  emailVerified: true,
  name: 'Olive Oidc',
};
/** The provider's name on the sign-in button. */
export const OIDC_NAME = 'Jammy SSO';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where every mail the server sends (over real SMTP) lands, one .eml file each. */
    mailDir: string;
    /** The server's DATA_DIR (its outbox holds the text messages). */
    dataDir: string;
    /** The SMTP address of the mail catcher, for a second server whose mail tests read too. */
    mailUrl: string;
  }
}

/**
 * Starts the built server once for the end-to-end suite, exactly as `npm start` does:
 * no DATABASE_URL, so it runs its own embedded PostgreSQL in a throw-away DATA_DIR.
 */
export async function setup(project: TestProject) {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('The end-to-end tests run against the built app: run `npm run build` first.');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const mail = await startMailCatcher(path.join(dataDir, 'mail-received'));
  const tiles = await startTileServer();
  // A private copy of the build: rebuilding the app while the suite runs cannot break it.
  const webDistDir = path.join(dataDir, 'web');
  await cp(path.dirname(webIndex), webDistDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A real OpenID provider on loopback, so federated sign-in runs end to end in the browser.
  const oidc = await startOidcProvider({
    redirectUris: [`${baseUrl}/api/auth/callback/oidc`],
    account: OIDC_ACCOUNT,
  });
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      WEB_DIST_DIR: webDistDir,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME,
      SMTP_URL: mail.url,
      MAP_TILE_URL: tiles.url,
      MAIL_FROM: 'Jammy <no-reply@jammy.test>',
      ADMIN_EMAILS:
        'admin@jammy.test,presets-admin@jammy.test,contact-admin@jammy.test,shop-admin@jammy.test,routes-admin@jammy.test,pages-admin@jammy.test,forms-admin@jammy.test',
      // The contact form's messages go here; the privacy policy and the terms name the operator.
      CONTACT_EMAIL: 'desk@jammy.test',
      OPERATOR_NAME: 'Jammy Test Travel Ltd',
      OPERATOR_ADDRESS: '1 Harbour Street, 00100 Testville',
      OPERATOR_CONTACT: 'privacy@jammy.test',
      // Tests tell the server which client they are (X-Forwarded-For), so rate limits per
      // address do not make one test's sign-ins count against another's.
      TRUST_PROXY: 'true',
      // The account's API tokens tab says where assistants connect.
      MCP_ENABLED: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mail.dir);
  project.provide('dataDir', dataDir);
  project.provide('mailUrl', mail.url);

  return async () => {
    await stop(server);
    await mail.close();
    await tiles.close();
    await oidc.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

export async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not become healthy within 60 s');
}

export function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
