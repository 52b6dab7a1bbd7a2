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
});

/** GET /api/client-config: the installation's settings the web app needs (public). */
export function clientConfigRoutes(root: FastifyInstance, config: Config) {
  // The place search's reach decides its words: "cities and towns" without a geocoder.
  const body = {
    map: config.map,
    placeSearch: { pointsOfInterest: config.geocoder !== undefined },
  };
  root.withTypeProvider<ZodTypeProvider>().get(
    '/api/client-config',
    {
      schema: {
        tags: ['operations'],
        summary: 'Settings of this installation the web app needs (map tiles, place search)',
        ...PUBLIC,
        response: replies({ 200: clientConfigSchema }),
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
