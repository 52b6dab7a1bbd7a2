import { placeSearchSettingsSchema } from '@jammy/shared/geo';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { PUBLIC, replies } from '../../lib/contract';

const clientConfigSchema = z.object({
  map: z.object({
    /** Tile URL template with `{z}`, `{x}`, `{y}` (and optionally `{s}`). */
    tileUrl: z.string(),
    /** The credit those tiles require (HTML). */
    attribution: z.string(),
  }),
  /** Whether the place search finds points of interest or only cities and towns. */
  placeSearch: placeSearchSettingsSchema,
  /** Who runs this installation (OPERATOR_*), for the privacy notice, the terms and contact. */
  operator: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    contact: z.string().nullable(),
    jurisdiction: z.string().nullable(),
  }),
  /** The outside services this installation is configured to use (the privacy notice names them). */
  processors: z.object({
    smtp: z.boolean(),
    sms: z.boolean(),
    stripe: z.boolean(),
    s3: z.boolean(),
    federated: z.array(z.string()),
    /** The geocoder's host, or null when none is configured. */
    geocoder: z.string().nullable(),
    /** The map tiles' host. */
    tiles: z.string(),
  }),
});

/** The host of a tile template (`{s}.tile.example.org` stays as written). */
function hostOf(template: string): string {
  return /^https?:\/\/([^/]+)/.exec(template)?.[1] ?? template;
}

/** GET /api/client-config: the installation's settings the web app needs (public). */
export function clientConfigRoutes(root: FastifyInstance, config: Config) {
  // The place search's reach decides its words: "cities and towns" without a geocoder.
  const body = {
    map: config.map,
    placeSearch: { pointsOfInterest: config.geocoder !== undefined },
    operator: {
      name: config.operator.name ?? null,
      address: config.operator.address ?? null,
      contact: config.operator.contact ?? null,
      jurisdiction: config.operator.jurisdiction ?? null,
    },
    processors: {
      smtp: config.mail.smtpUrl !== undefined,
      sms: config.twilio !== undefined,
      stripe: config.stripe,
      s3: config.storage.s3 !== undefined,
      federated: [
        ...(config.google ? ['Google'] : []),
        ...(config.github ? ['GitHub'] : []),
        ...(config.oidc ? [config.oidc.name] : []),
      ],
      geocoder: config.geocoder ? new URL(config.geocoder.url).host : null,
      tiles: hostOf(config.map.tileUrl),
    },
  };
  root.withTypeProvider<ZodTypeProvider>().get(
    '/api/client-config',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Settings of this installation the web app needs (map tiles, place search, operator)',
        ...PUBLIC,
        response: replies({ 200: clientConfigSchema }),
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
