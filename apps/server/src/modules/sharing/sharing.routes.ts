import { idSchema } from '@jammy/shared/ids';
import { versionOnlySchema } from '@jammy/shared/itineraries';
import {
  ACTIVITY_PAGE_SIZE,
  activityPageSchema,
  changeRoleSchema,
  memberSchema,
  sharingSchema,
  transferOwnershipSchema,
} from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { presentMember } from './sharing.presenter';
import {
  changeRole,
  readActivity,
  readSharing,
  removeMember,
  transferOwnership,
} from './sharing.service';
import { callerOf, itineraryParams, type RouteDeps } from '../itineraries/route-parts';

const tags = ['sharing'];
const memberParams = itineraryParams.extend({ userId: idSchema });
// Not strict: a share-link reader's `?share=` is ignored here (the route answers 401/404).
const activityQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor of this list')
    .optional(),
});

/**
 * The members of an itinerary and their roles, and its activity (issue 5): any member reads
 * them and may leave; only the owner changes roles, removes others and hands the trip over.
 */
export function sharingRoutes(root: FastifyInstance, deps: RouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/itineraries/:id/members',
    {
      schema: {
        tags,
        summary: 'Members; pending invitations and share links (owner only, else empty)',
        response: replies({ 200: sharingSchema }, [401, 404]),
        params: itineraryParams,
      },
    },
    async (request) => readSharing(db, await callerOf(sessions, request, request.params.id)),
  );

  app.patch(
    '/api/itineraries/:id/members/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role (owner only; not the owner's own)",
        response: replies({ 200: memberSchema }, [401, 403, 404, 409]),
        params: memberParams,
        body: changeRoleSchema,
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const expected = expectedVersion(request, request.body.version);
      return presentMember(await changeRole(db, caller, userId, request.body.role, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (owner), or leave (a member removing themself)',
        response: replies({ 204: noContent }, [401, 403, 404, 409]),
        params: memberParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await removeMember(db, caller, userId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/itineraries/:id/transfer',
    {
      schema: {
        tags,
        summary: 'Make an editor the owner (the former owner becomes an editor)',
        response: replies({ 200: sharingSchema }, [401, 403, 404, 409]),
        params: itineraryParams,
        body: transferOwnershipSchema,
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      return transferOwnership(db, caller, request.body.userId);
    },
  );

  app.get(
    '/api/itineraries/:id/activity',
    {
      schema: {
        tags,
        summary: `Recent changes, newest first (${ACTIVITY_PAGE_SIZE} a page)`,
        response: replies({ 200: activityPageSchema }, [401, 404]),
        params: itineraryParams,
        querystring: activityQuery,
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const { cursor } = request.query;
      return readActivity(db, caller, cursor === undefined ? null : Number(cursor));
    },
  );
}
