import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, serverEntry, stop, waitForHealth } from './global-setup';

/**
 * A second server of the built app, on its own embedded PostgreSQL, whose PUBLIC_URL is
 * `http://localhost:PORT`. Browsers refuse WebAuthn on an IP address (the relying party's id
 * must be a host name), and the suite's server is reached at 127.0.0.1: passkey tests run
 * here. Its mail goes to the suite's catcher, so `waitForMail` reads it as usual.
 */
export async function startLocalhostServer(): Promise<{
  baseUrl: string;
  /** Its DATA_DIR (its embedded PostgreSQL lives under `postgres/`). */
  dataDir: string;
  close: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-e2e-localhost-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // The suite's private copy of the build.
      WEB_DIST_DIR: path.join(inject('dataDir'), 'web'),
      SMTP_URL: inject('mailUrl'),
      MAIL_FROM: 'Jammy <no-reply@jammy.test>',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The health check goes to the address the server listens on.
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  return {
    baseUrl,
    dataDir,
    close: async () => {
      await stop(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
