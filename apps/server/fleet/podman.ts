// Podman for the fleet test: installs what is missing (as root, from Debian's packages), builds
// the images on this machine (no registry is needed: the base is Debian made by mmdebstrap,
// with this machine's own node), runs containers, and removes what a run made, and what an
// interrupted run left behind.
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The Debian base, kept between runs (mmdebstrap takes half a minute or more); never removed. */
export const DEBIAN_BASE = 'localhost/jammy-fleet-debian:bookworm';

/** Tools the test needs on the machine: podman and its runtime, and mmdebstrap for the base. */
const HOST_PACKAGES: Record<string, string> = {
  podman: 'podman',
  buildah: 'buildah',
  runc: 'runc',
  mmdebstrap: 'mmdebstrap',
};

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(':')
    .some((folder) => existsSync(path.join(folder, command)));
}

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** Installs podman, buildah, runc and mmdebstrap with apt-get when missing (the test runs as root). */
export function installHostTools(log: (line: string) => void): void {
  const missing = Object.entries(HOST_PACKAGES)
    .filter(([command]) => !onPath(command))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} with apt-get`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: APT_ENV });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'ignore', env: APT_ENV });
}

/**
 * Podman's settings for this run, in a file of its own (CONTAINERS_CONF, which replaces the
 * machine's containers.conf for this process only): runc, since crun refuses machines that mix
 * cgroup v1 and v2, and explicit limits, since a container may not raise its own without
 * CAP_SYS_RESOURCE.
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
      timeout: options.timeoutMs ?? 180_000,
    });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(
      `podman ${args.slice(0, 3).join(' ')} failed: ${stderr.trim() || String(error)}`,
      { cause: error },
    );
  }
}

/** What a container wrote, standard output and error (podman passes each on as its own). */
export async function containerLogs(name: string): Promise<string> {
  const { stdout, stderr } = await run('podman', ['logs', name], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return `${stdout}${stderr}`;
}

/** Like podman(), but never throws: for cleaning up what may not exist. */
export async function podmanQuietly(args: string[]): Promise<void> {
  await podman(args).catch(() => undefined);
}

/**
 * Builds an image, writing podman's output to `logFile` (printed when the build fails). The
 * docker format keeps HEALTHCHECK (the OCI format has no place for it). No layers are kept: a
 * run leaves no intermediate images behind.
 */
export async function buildImage(options: {
  tag: string;
  context: string;
  file?: string;
  buildArgs?: Record<string, string>;
  /** host folder → folder in the build's RUN steps */
  volumes?: Record<string, string>;
  logFile: string;
}): Promise<void> {
  const args = ['build', '--format', 'docker', '--layers=false', '-t', options.tag];
  if (options.file) args.push('-f', options.file);
  for (const [name, value] of Object.entries(options.buildArgs ?? {})) {
    args.push('--build-arg', `${name}=${value}`);
  }
  for (const [host, inside] of Object.entries(options.volumes ?? {})) {
    args.push('-v', `${host}:${inside}`);
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

/** The mirror apt already uses (Debian's own when the machine names none). */
function debianMirror(): string {
  const sources = '/etc/apt/sources.list.d/debian.sources';
  return (
    (existsSync(sources) && /^URIs:\s*(\S+)/m.exec(readFileSync(sources, 'utf8'))?.[1]) ||
    'http://deb.debian.org/debian'
  );
}

/**
 * The Debian base (bookworm, minbase) from the mirror apt already uses, imported as
 * DEBIAN_BASE once per machine. mmdebstrap writes the file system as a tar stream straight
 * into `podman import` (debootstrap took twice as long here).
 */
export async function ensureDebianBase(log: (line: string) => void): Promise<void> {
  if (await imageExists(DEBIAN_BASE)) return;
  const mirror = debianMirror();
  const started = Date.now();
  log(`mmdebstrap of Debian bookworm (minbase) from ${mirror}: once per machine`);
  await run(
    'bash',
    [
      '-o',
      'pipefail',
      '-c',
      `mmdebstrap --quiet --variant=minbase bookworm - "$1" | podman import - ${DEBIAN_BASE}`,
      'mmdebstrap',
      mirror,
    ],
    { maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
  );
  log(`Debian base made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
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

/**
 * Caddy from Debian's package (`apt-get download`, unpacked here, nothing installed on the
 * machine): the path of its binary, to mount into a container.
 */
export async function debianCaddy(workDir: string): Promise<string> {
  const folder = path.join(workDir, 'caddy');
  rmSync(folder, { recursive: true, force: true });
  execFileSync('mkdir', ['-p', folder]);
  const download = () =>
    run('apt-get', ['download', '-qq', 'caddy'], { cwd: folder, env: APT_ENV, timeout: 300_000 });
  // apt's lists may be missing on a fresh machine.
  await download().catch(async () => {
    await run('apt-get', ['update', '-qq'], { env: APT_ENV, timeout: 300_000 });
    await download();
  });
  const deb = readdirSync(folder).find((name) => name.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download caddy left no package');
  await run('dpkg-deb', ['-x', path.join(folder, deb), path.join(folder, 'root')]);
  return path.join(folder, 'root/usr/bin/caddy');
}

/** The image's size in bytes, as podman reports it. */
export async function imageSize(tag: string): Promise<number> {
  return Number(await podman(['image', 'inspect', '--format', '{{.Size}}', tag]));
}

/**
 * Removes the containers (build containers too), networks, volumes and images whose names
 * `owned` accepts; never the Debian base.
 */
export async function removeContainersAndImages(owned: (name: string) => boolean): Promise<number> {
  const list = async (args: string[]) =>
    (await podman(args).catch(() => ''))
      .split('\n')
      .map((line) => line.trim())
      .filter((name) => name !== '' && owned(name));
  let removed = 0;
  for (const name of await list(['ps', '-a', '--external', '--format', '{{.Names}}'])) {
    // -v: with the anonymous volume an image's VOLUME gave it (/data of Jammy's image).
    await podmanQuietly(['rm', '-f', '-v', '-t', '0', name]);
    removed += 1;
  }
  for (const name of await list(['network', 'ls', '--format', '{{.Name}}'])) {
    await podmanQuietly(['network', 'rm', '-f', name]);
    removed += 1;
  }
  for (const name of await list(['volume', 'ls', '--format', '{{.Name}}'])) {
    await podmanQuietly(['volume', 'rm', '-f', name]);
    removed += 1;
  }
  for (const name of await list(['images', '--format', '{{.Repository}}:{{.Tag}}'])) {
    if (name === DEBIAN_BASE) continue;
    await podmanQuietly(['rmi', '-f', name]);
    removed += 1;
  }
  return removed;
}
