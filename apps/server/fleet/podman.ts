// Podman for the fleet test: installs what is missing (as root, from Debian's packages), builds
// every image on this machine (no registry is needed: the base is a debootstrap'd Debian with
// this machine's own node), runs containers, and removes what a run made.
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The Debian base, kept between runs (debootstrap takes a minute or two); never removed. */
export const DEBIAN_BASE = 'localhost/jammy-fleet-debian:bookworm';

/** Tools the test needs on the machine: podman and its runtime, and debootstrap for the base. */
const HOST_PACKAGES: Record<string, string> = {
  podman: 'podman',
  buildah: 'buildah',
  runc: 'runc',
  debootstrap: 'debootstrap',
};

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(':')
    .some((folder) => existsSync(path.join(folder, command)));
}

/** Installs podman, runc and debootstrap with apt-get when missing (the test runs as root). */
export function installHostTools(log: (line: string) => void): void {
  const missing = Object.entries(HOST_PACKAGES)
    .filter(([command]) => !onPath(command))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'ignore', env });
}

/**
 * Podman's settings for this run, in a file of its own (CONTAINERS_CONF): runc, since crun
 * refuses machines that mix cgroup v1 and v2, and explicit limits, since a container may not
 * raise its own without CAP_SYS_RESOURCE.
 */
export function configurePodman(workDir: string): void {
  const file = path.join(workDir, 'containers.conf');
  writeFileSync(
    file,
    [
      '[containers]',
      'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
      '[engine]',
      'runtime = "runc"',
      '',
    ].join('\n'),
  );
  process.env.CONTAINERS_CONF = file;
}

/** Runs podman; its answer's standard output, trimmed. Throws with podman's message. */
export async function podman(
  args: string[],
  options: { timeoutMs?: number } = {},
): Promise<string> {
  try {
    const { stdout } = await run('podman', args, {
      maxBuffer: 64 * 1024 * 1024,
      timeout: options.timeoutMs ?? 120_000,
    });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(
      `podman ${args.slice(0, 3).join(' ')} failed: ${stderr.trim() || String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/** Like podman(), but never throws: for cleaning up what may not exist. */
export async function podmanQuietly(args: string[]): Promise<void> {
  await podman(args).catch(() => undefined);
}

/**
 * Builds an image, writing podman's output to `logFile` (printed when the build fails). The
 * docker format keeps HEALTHCHECK (the OCI format has no place for it).
 */
export async function buildImage(options: {
  tag: string;
  context: string;
  file?: string;
  buildArgs?: Record<string, string>;
  logFile: string;
}): Promise<void> {
  // No layer cache: a run leaves no intermediate images behind (npm's cache mount stays).
  const args = ['build', '--format', 'docker', '--layers=false', '-t', options.tag];
  if (options.file) args.push('-f', options.file);
  for (const [name, value] of Object.entries(options.buildArgs ?? {})) {
    args.push('--build-arg', `${name}=${value}`);
  }
  args.push(options.context);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('podman', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      writeFileSync(options.logFile, Buffer.concat(chunks));
      if (code === 0) resolve();
      else {
        const tail = Buffer.concat(chunks).toString('utf8').split('\n').slice(-40).join('\n');
        reject(new Error(`building ${options.tag} failed (${options.logFile}):\n${tail}`));
      }
    });
  });
}

export async function imageExists(tag: string): Promise<boolean> {
  return podman(['image', 'exists', tag]).then(
    () => true,
    () => false,
  );
}

/** The Debian base from the mirror apt already uses, imported as DEBIAN_BASE (once per machine). */
export async function ensureDebianBase(log: (line: string) => void): Promise<void> {
  if (await imageExists(DEBIAN_BASE)) return;
  const sources = '/etc/apt/sources.list.d/debian.sources';
  const mirror =
    (existsSync(sources) && /^URIs:\s*(\S+)/m.exec(readFileSync(sources, 'utf8'))?.[1]) ||
    'http://deb.debian.org/debian';
  const rootfs = mkdtempSync(path.join(os.tmpdir(), 'jammy-fleet-rootfs-'));
  log(`debootstrap of Debian bookworm (minbase) from ${mirror}: once per machine`);
  try {
    execFileSync('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], {
      stdio: 'ignore',
    });
    execFileSync('sh', ['-c', `tar -C "${rootfs}" -c . | podman import - ${DEBIAN_BASE}`], {
      stdio: 'ignore',
    });
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/**
 * An image with this machine's node and npm on the Debian base (Debian's own nodejs is too
 * old), and the machine's certificate authorities, which npm may need to reach its registry.
 */
export async function buildNodeBase(tag: string, workDir: string, logFile: string): Promise<void> {
  const context = path.join(workDir, 'node-base');
  rmSync(context, { recursive: true, force: true });
  cpSync(process.execPath, path.join(context, 'node'));
  const npmDir = path.resolve(
    path.dirname(execFileSync('sh', ['-c', 'readlink -f "$(command -v npm)"']).toString().trim()),
    '..',
  );
  cpSync(npmDir, path.join(context, 'npm'), { recursive: true });
  const authorities = process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
  const hasAuthorities = existsSync(authorities);
  if (hasAuthorities) copyFileSync(authorities, path.join(context, 'ca.crt'));
  writeFileSync(
    path.join(context, 'Containerfile'),
    [
      `FROM ${DEBIAN_BASE}`,
      'COPY node /usr/local/bin/node',
      'COPY npm /usr/local/lib/node_modules/npm',
      ...(hasAuthorities
        ? [
            'COPY ca.crt /usr/local/share/ca-certificates/machine.crt',
            'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/machine.crt',
          ]
        : []),
      'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm' +
        ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
      '',
    ].join('\n'),
  );
  await buildImage({ tag, context, logFile });
}

/** An image from a Containerfile written here (the build context is otherwise empty). */
export async function buildInline(
  tag: string,
  lines: string[],
  workDir: string,
  logFile: string,
): Promise<void> {
  const context = mkdtempSync(path.join(workDir, 'image-'));
  writeFileSync(path.join(context, 'Containerfile'), `${lines.join('\n')}\n`);
  await buildImage({ tag, context, logFile });
}

/** The image's size in bytes, as podman reports it. */
export async function imageSize(tag: string): Promise<number> {
  return Number(await podman(['image', 'inspect', '--format', '{{.Size}}', tag]));
}
