import { execFile, spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../test/ports';

/**
 * A Dovecot IMAP server of the test's own (Debian's dovecot-imapd, which .ci/run installs):
 * one mailbox, `user` with `password`, plain IMAP on 127.0.0.1, its files in a temporary
 * folder, run in the foreground as a child process and stopped with the test file.
 */
export async function startDovecot(user: string, password: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'jammy-dovecot-'));
  // Dovecot's own processes (its authentication, its mail) read what is in here.
  await chmod(dir, 0o755);
  const port = await freePort();
  const home = path.join(dir, 'home');
  await Promise.all([mkdir(path.join(dir, 'run')), mkdir(home)]);
  // Mail is kept by Dovecot's own user, as a packaged Dovecot keeps it.
  await chown(home, ...(await ids('dovecot')));
  await writeFile(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  await writeFile(
    path.join(dir, 'dovecot.conf'),
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      // The mail belongs to the dovecot system user, below the default first valid uid (500).
      'first_valid_uid = 1',
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/users\n}`,
      `userdb {\n  driver = static\n  args = uid=dovecot gid=dovecot home=${home}/%u\n}`,
      'mail_location = maildir:~/Maildir',
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n  chroot =\n}`,
      'service anvil {\n  chroot =\n}',
      '',
    ].join('\n'),
  );
  const child = spawn('dovecot', ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await listening(port);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A system user's uid and gid. */
async function ids(name: string): Promise<[number, number]> {
  const run = async (flag: string) =>
    Number((await promisify(execFile)('id', [flag, name])).stdout.trim());
  return [await run('-u'), await run('-g')];
}

/** Waits until something accepts connections on `port` (Dovecot starts in a moment). */
async function listening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Dovecot did not start on port ${port}`);
}
