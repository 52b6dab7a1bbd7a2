import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origins a cookie-carrying write (and better-auth's sign-in, sign-up and redirects) may
 * come from. With PUBLIC_URL, only its origin: strict. Without it, Jammy is being tried out
 * at http://localhost:PORT, at 127.0.0.1 or from a phone on the same network at
 * http://192.168.x.y:PORT, and refusing those ("Invalid origin") left a first run unable to
 * sign up. So, without PUBLIC_URL, the address the browser used is trusted too when it is
 * this machine or a private network, and the request's Origin matches it exactly. Never a
 * public address or a name: a page elsewhere cannot send our Host with its Origin, and a name
 * could be re-pointed at us (DNS rebinding).
 */

/** Loopback, private (RFC 1918, unique local) and link-local networks. */
const LOCAL_NETWORKS = new BlockList();
LOCAL_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addAddress('::1', 'ipv6');
LOCAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
LOCAL_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

/**
 * Whether a URL's hostname is this machine or an address of a private network: `localhost`,
 * or an IP address in the loopback, private or link-local ranges (IPv6 in brackets, as URLs
 * write it).
 */
export function isLocalHostname(hostname: string): boolean {
  if (hostname.toLowerCase() === 'localhost') return true;
  const address =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(address);
  if (family === 0) return false;
  return LOCAL_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The origin the browser used for a request (its protocol and Host), when it is local. */
export function localOriginOf(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string | undefined {
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return undefined;
  }
  // Anything beyond a host and a port (a user name, a path) is not an address a browser sends.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    return undefined;
  }
  return isLocalHostname(url.hostname) ? url.origin : undefined;
}

export interface TrustedOrigins {
  /** Trusted for every request: PUBLIC_URL's origin (or http://localhost:PORT without it). */
  readonly always: readonly string[];
  /** The origin of this request that is trusted too (without PUBLIC_URL, a local one). */
  requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined;
  /** Whether `origin` may send a cookie-carrying write in this request. */
  trusts(request: Pick<FastifyRequest, 'protocol' | 'host'>, origin: string): boolean;
  /** What a refused origin is told: what to open instead, or what to set. */
  refusal(origin: string): OriginRefusal;
}

/** The answer to a request from an origin Jammy does not accept (better-auth's shape). */
export interface OriginRefusal {
  code: 'INVALID_ORIGIN';
  message: string;
  /** The refused origin. */
  origin: string;
  /** PUBLIC_URL's origin when it is set: where Jammy is meant to be opened. */
  publicUrl: string | null;
}

export function trustedOrigins(
  config: Pick<Config, 'publicUrl' | 'baseUrl' | 'env'>,
): TrustedOrigins {
  const always = [
    config.baseUrl.origin,
    // The Vite dev server (npm run dev) proxies the API.
    ...(config.env === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
  ];
  const publicUrl = config.publicUrl?.origin ?? null;
  const requestOrigin = (request: Pick<FastifyRequest, 'protocol' | 'host'>) =>
    publicUrl === null ? localOriginOf(request) : undefined;
  return {
    always,
    requestOrigin,
    trusts: (request, origin) => always.includes(origin) || origin === requestOrigin(request),
    refusal: (origin) => ({
      code: 'INVALID_ORIGIN',
      message:
        publicUrl === null
          ? `Jammy does not accept requests from ${origin}: only from this machine or a private network without PUBLIC_URL. Set PUBLIC_URL=${origin} if this is the address people use, and restart.`
          : `Jammy is configured for ${publicUrl} (PUBLIC_URL), not ${origin}. Open ${publicUrl}, or set PUBLIC_URL=${origin} if this is the address people use, and restart.`,
      origin,
      publicUrl,
    }),
  };
}
