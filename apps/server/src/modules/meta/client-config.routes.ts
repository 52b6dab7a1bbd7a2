import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC, replies } from '../../lib/contract';
import {
  clientConfigSchema,
  presentClientConfig,
  type ClientConfigSettings,
} from './client-config.presenter';

/** GET /api/client-config: the installation's settings the web app needs (public). */
export function clientConfigRoutes(root: FastifyInstance, settings: ClientConfigSettings) {
  const body = presentClientConfig(settings);
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
