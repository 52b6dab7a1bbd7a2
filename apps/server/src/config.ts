import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths';
import {
  DEFAULT_DOCUMENT_MAX_BYTES,
  DEFAULT_IMAGE_MAX_BYTES,
  DEFAULT_STORAGE_BUCKET,
} from '@jammy/shared/storage';

const MB = 1024 * 1024;

/** The geocoder APIs Jammy speaks (GEOCODER_KIND). */
export const GEOCODER_KINDS = ['photon', 'nominatim'] as const;
export type GeocoderKind = (typeof GEOCODER_KINDS)[number];

/** Nominatim when the address says so (nominatim.example.org, /nominatim/), else Photon. */
export function guessGeocoderKind(url: string): GeocoderKind {
  return url.toLowerCase().includes('nominatim') ? 'nominatim' : 'photon';
}
/** Each traveller's files may take this much unless STORAGE_QUOTA_MB says otherwise. */
const DEFAULT_QUOTA_BYTES = 5 * 1024 * MB;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A size in megabytes (decimals allowed), as bytes. */
function megabytes(defaultBytes: number) {
  return z.coerce
    .number('must be a number of megabytes')
    .positive('must be more than 0')
    .max(1024 * 1024, 'must be at most 1048576 (1 TB)')
    .default(defaultBytes / MB)
    .transform((value) => Math.floor(value * MB));
}

const postgresUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must start with postgres:// or postgresql://',
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
  PUBLIC_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  WEB_DIST_DIR: optionalString,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Jammy <no-reply@jammy.localhost>'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  OIDC_ISSUER: optionalString.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().trim().min(1).default('Single sign-on'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: z.string().default(''),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  SHOP_TAX_RATE: z.coerce
    .number('must be a percentage such as 22 or 7.7')
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .refine(
      (value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6),
      'may have at most two decimals',
    )
    .default(0),
  SHOP_TAX_INCLUSIVE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  GEOCODER_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  GEOCODER_KIND: z.enum(GEOCODER_KINDS).optional(),
  RATES_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  MAP_TILE_URL: z
    .string()
    .trim()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (value) => /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(value),
      'must be an http(s) tile address with {z}, {x} and {y}',
    ),
  STORAGE_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/,
      'must be 3–63 lower-case letters, digits, . _ or -',
    )
    .default(DEFAULT_STORAGE_BUCKET),
  STORAGE_IMAGE_MAX_MB: megabytes(DEFAULT_IMAGE_MAX_BYTES),
  STORAGE_DOCUMENT_MAX_MB: megabytes(DEFAULT_DOCUMENT_MAX_BYTES),
  STORAGE_QUOTA_MB: megabytes(DEFAULT_QUOTA_BYTES),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  MAP_ATTRIBUTION: z
    .string()
    .trim()
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
  OPERATOR_NAME: optionalString.pipe(
    z.string().max(200, 'must be at most 200 characters').optional(),
  ),
  OPERATOR_ADDRESS: optionalString.pipe(
    z.string().max(500, 'must be at most 500 characters').optional(),
  ),
  OPERATOR_CONTACT: optionalString.pipe(
    z.string().max(200, 'must be at most 200 characters').optional(),
  ),
  OPERATOR_JURISDICTION: optionalString.pipe(
    z.string().max(200, 'must be at most 200 characters').optional(),
  ),
  CONTACT_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
  METRICS_PORT: z.coerce
    .number('must be a port number')
    .int('must be a port number')
    .min(1, 'must be a port from 1 to 65535')
    .max(65535, 'must be a port from 1 to 65535')
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  DOCUMENT_CACHE_MB: z.coerce
    .number('must be a number of megabytes')
    .min(0, 'must be 0 (off) or more')
    .max(65_536, 'must be at most 65536')
    .default(64),
  // The booking inbox's forwarding addresses (README, "The booking inbox").
  INBOX_DOMAIN: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/i, 'must be a mail domain (inbox.example.org)')
      .optional(),
  ),
  INBOX_SMTP_PORT: z.coerce
    .number('must be a port number')
    .int('must be a port number')
    .min(1, 'must be a port from 1 to 65535')
    .max(65535, 'must be a port from 1 to 65535')
    .optional(),
  INBOX_SMTP_HOST: optionalString,
  INBOX_IMAP_URL: optionalString.pipe(
    z.url({ protocol: /^imaps?$/, error: 'must be an imap:// or imaps:// address' }).optional(),
  ),
  INBOX_DNS_SERVERS: optionalString.pipe(
    z
      .string()
      .regex(
        /^[\w.:[\]-]+(,[\w.:[\]-]+)*$/,
        'must be DNS servers separated by commas (1.1.1.1,[2606:4700::1111]:53)',
      )
      .optional(),
  ),
  INBOX_KITINERARY_PATH: optionalString,
  INBOX_IMAP_POLL_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a number of seconds')
    .min(5, 'must be at least 5')
    .default(60),
});

/** The booking inbox: the forwarding addresses' domain, and how mail reaches it. */
export interface InboxConfig {
  /** Forwarding addresses are `<token>@<domain>` (IMAP: the mailbox's address plus the token). */
  domain: string;
  /** The built-in SMTP listener, for an MX pointed at it; unset: off. */
  smtp: { host: string; port: number } | undefined;
  /** A mailbox polled for mail sent to its plus-addresses; unset: off. */
  imap: { url: string; pollSeconds: number } | undefined;
  /** The DNS servers the sender checks ask (DKIM keys, SPF, DMARC); unset: the system's. */
  dnsServers: string[] | undefined;
  /** KItinerary's extractor; unset: where Debian's package puts it, when installed. */
  kitineraryPath: string | undefined;
}

/** The server's configuration, read once from the environment at start-up (DESIGN §8). */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: URL | undefined;
  sessionSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  webDistDir: string;
  /** Where the app is reached; links in mails point here. Defaults to http://localhost:PORT. */
  baseUrl: URL;
  mail: { smtpUrl: string | undefined; from: string };
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  github: { clientId: string; clientSecret: string } | undefined;
  /** Lower-cased addresses that become admins on sign-up or next sign-in. */
  adminEmails: ReadonlySet<string>;
  /** The shop: taxes, and Stripe Checkout when a secret key is set (else invoices). */
  shop: ShopConfig;
  /** An online geocoder for points of interest (Photon or Nominatim); places search works without. */
  geocoder: GeocoderConfig | undefined;
  /** RATES_URL: exchange rates for expenses in another currency than the trip's. */
  ratesUrl: string | undefined;
  /** The map tiles shown to travellers and the credit they require. */
  map: { tileUrl: string; attribution: string };
  /** File storage (DESIGN §6): bucket name, limits, and the S3-compatible store if any. */
  storage: StorageConfig;
  /** Bytes the in-process cache of itinerary documents may hold (0: no cache). */
  documentCacheBytes: number;
  /** Where Prometheus metrics are served (a port of their own, never PORT); unset: none. */
  metricsPort: number | undefined;
  inbox: InboxConfig;
  /**
   * OpenTelemetry traces go to this OTLP endpoint; unset: tracing is not even loaded. The
   * SDK reads its other OTEL_* variables (protocol, headers, sampler, service name) itself.
   */
  tracing: { endpoint: string } | undefined;
  /** Who runs this installation, as the privacy notice and the terms name them. */
  operator: OperatorConfig;
  /** Where contact form messages are mailed (CONTACT_EMAIL, else the admins). */
  contactEmails: readonly string[];
  /** Whether card payments go through Stripe (STRIPE_SECRET_KEY set): a processor to name. */
  stripe: boolean;
}

/** Where the online geocoder is, and which API it speaks. */
export interface GeocoderConfig {
  url: string;
  kind: GeocoderKind;
}

export interface OperatorConfig {
  name: string | undefined;
  address: string | undefined;
  /** An e-mail address, telephone number or web address. */
  contact: string | undefined;
  /** The courts and law the terms refer to. */
  jurisdiction: string | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe-compatible API address (tests use a local one); unset: Stripe's own. */
  apiUrl: URL | undefined;
}

export interface ShopConfig {
  /** Hundredths of a percent (2200 = 22 %). */
  taxRateBasisPoints: number;
  /** Prices include the tax (true) or get it added at checkout (false). */
  taxInclusive: boolean;
  stripe: StripeConfig | undefined;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  bucket: string;
  imageMaxBytes: number;
  documentMaxBytes: number;
  /** Bytes each traveller's files may take (their own and their trips'). */
  quotaBytes: number;
  /** Set: objects go to this S3-compatible store; unset: DATA_DIR/files. */
  s3: S3Config | undefined;
}

/** A configuration that cannot start the server; its message lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; throws one readable ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to an empty string (common in .env files) counts as unset.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const s3Values = {
    S3_ENDPOINT: values.S3_ENDPOINT,
    S3_BUCKET: values.S3_BUCKET,
    S3_ACCESS_KEY_ID: values.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: values.S3_SECRET_ACCESS_KEY,
  };
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (payments are confirmed by its webhook)',
    );
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  }
  const missingS3 = Object.entries(s3Values).filter(([, value]) => value === undefined);
  if (missingS3.length > 0 && missingS3.length < 4) {
    const lines = missingS3.map(([name]) => `  ${name}: is required when any S3_* variable is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: values.PUBLIC_URL ? new URL(values.PUBLIC_URL) : undefined,
    sessionSecret: values.SESSION_SECRET,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    baseUrl: new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`),
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    twilio:
      values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
        ? {
            accountSid: values.TWILIO_ACCOUNT_SID,
            authToken: values.TWILIO_AUTH_TOKEN,
            from: values.TWILIO_FROM,
            apiUrl: values.TWILIO_API_URL,
          }
        : undefined,
    oidc:
      values.OIDC_ISSUER && values.OIDC_CLIENT_ID && values.OIDC_CLIENT_SECRET
        ? {
            issuer: values.OIDC_ISSUER,
            clientId: values.OIDC_CLIENT_ID,
            clientSecret: values.OIDC_CLIENT_SECRET,
            name: values.OIDC_NAME,
          }
        : undefined,
    google: pair(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET),
    github: pair(values.GITHUB_CLIENT_ID, values.GITHUB_CLIENT_SECRET),
    adminEmails: new Set(
      values.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
    shop: {
      taxRateBasisPoints: Math.round(values.SHOP_TAX_RATE * 100),
      taxInclusive: values.SHOP_TAX_INCLUSIVE,
      stripe:
        values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: values.STRIPE_SECRET_KEY,
              webhookSecret: values.STRIPE_WEBHOOK_SECRET,
              apiUrl: values.STRIPE_API_URL ? new URL(values.STRIPE_API_URL) : undefined,
            }
          : undefined,
    },
    map: { tileUrl: values.MAP_TILE_URL, attribution: values.MAP_ATTRIBUTION },
    storage: {
      bucket: values.STORAGE_BUCKET,
      imageMaxBytes: values.STORAGE_IMAGE_MAX_MB,
      documentMaxBytes: values.STORAGE_DOCUMENT_MAX_MB,
      quotaBytes: values.STORAGE_QUOTA_MB,
      s3:
        values.S3_ENDPOINT &&
        values.S3_BUCKET &&
        values.S3_ACCESS_KEY_ID &&
        values.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: values.S3_ENDPOINT,
              bucket: values.S3_BUCKET,
              accessKeyId: values.S3_ACCESS_KEY_ID,
              secretAccessKey: values.S3_SECRET_ACCESS_KEY,
              region: values.S3_REGION,
              forcePathStyle: values.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
    documentCacheBytes: Math.round(values.DOCUMENT_CACHE_MB * 1024 * 1024),
    metricsPort: values.METRICS_PORT,
    inbox: {
      domain: (values.INBOX_DOMAIN ?? baseHost(values.PUBLIC_URL)).toLowerCase(),
      smtp: values.INBOX_SMTP_PORT
        ? { host: values.INBOX_SMTP_HOST ?? values.HOST, port: values.INBOX_SMTP_PORT }
        : undefined,
      imap: values.INBOX_IMAP_URL
        ? { url: values.INBOX_IMAP_URL, pollSeconds: values.INBOX_IMAP_POLL_SECONDS }
        : undefined,
      dnsServers: values.INBOX_DNS_SERVERS?.split(','),
      kitineraryPath: values.INBOX_KITINERARY_PATH,
    },
    tracing: values.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT }
      : undefined,
    operator: {
      name: values.OPERATOR_NAME,
      address: values.OPERATOR_ADDRESS,
      contact: values.OPERATOR_CONTACT,
      jurisdiction: values.OPERATOR_JURISDICTION,
    },
    contactEmails: values.CONTACT_EMAIL ? [values.CONTACT_EMAIL.toLowerCase()] : [],
    stripe: present.STRIPE_SECRET_KEY !== undefined,
    ratesUrl: values.RATES_URL,
    geocoder: values.GEOCODER_URL
      ? {
          url: values.GEOCODER_URL,
          kind: values.GEOCODER_KIND ?? guessGeocoderKind(values.GEOCODER_URL),
        }
      : undefined,
  };
}

/** The host of the public address, the inbox's domain unless INBOX_DOMAIN names one. */
function baseHost(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}
