import { idSchema } from '@jammy/shared/ids';
import { createShareLinkSchema, shareLinkSchema } from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent, replies } from '../../lib/contract';
import { presentShareLink } from './sharing.presenter';
import { createShareLink, revokeShareLink } from './sharing.service';
import { callerOf, itineraryParams, type RouteDeps } from '../itineraries/route-parts';

const tags = ['sharing'];
const linkParams = itineraryParams.extend({ linkId: idSchema });

/** Read-only links to an itinerary, made and revoked by its owner. */
export function shareLinkRoutes(root: FastifyInstance, deps: RouteDeps & { origin: string }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, origin } = deps;

  app.post(
    '/api/itineraries/:id/share-links',
    {
      schema: {
        tags,
        summary: 'Create a read-only link (its address, with the token, is answered only now)',
        response: replies({ 201: shareLinkSchema }, [401, 403, 404]),
        params: itineraryParams,
        body: createShareLinkSchema,
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const { link, url } = await createShareLink(db, caller, request.body.expiresOn, origin);
      return reply.status(201).send(presentShareLink(link, url));
    },
  );

  app.delete(
    '/api/itineraries/:id/share-links/:linkId',
    {
      schema: {
        tags,
        summary: 'Revoke a link (opening it then says so)',
        response: replies({ 204: noContent }, [401, 403, 404]),
        params: linkParams,
      },
    },
    async (request, reply) => {
      const { id, linkId } = request.params;
      await revokeShareLink(db, await callerOf(sessions, request, id), linkId);
      return reply.status(204).send(null);
    },
  );
}
