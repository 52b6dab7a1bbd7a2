import { idSchema } from '@jammy/shared/ids';
import {
  INVITATION_TTL_DAYS,
  acceptInvitationSchema,
  acceptedInvitationSchema,
  invitationSchema,
  inviteSchema,
} from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../auth/session';
import { noContent, replies } from '../../lib/contract';
import { presentInvitation } from './sharing.presenter';
import {
  acceptInvitation,
  invite,
  resendInvitation,
  withdrawInvitation,
  type InvitationSender,
} from './sharing.service';
import { callerOf, itineraryParams, type RouteDeps } from '../itineraries/route-parts';

const tags = ['sharing'];
const invitationParams = itineraryParams.extend({ invitationId: idSchema });

/** E-mail invitations to an itinerary: sent, sent again and withdrawn by its owner; accepted. */
export function invitationRoutes(
  root: FastifyInstance,
  deps: RouteDeps & { sender: InvitationSender },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, sender } = deps;

  app.post(
    '/api/itineraries/:id/invitations',
    {
      schema: {
        tags,
        summary: `Invite by e-mail with a role (valid ${INVITATION_TTL_DAYS} days; a pending one is renewed and sent again)`,
        response: replies({ 200: invitationSchema, 201: invitationSchema }, [401, 403, 404, 409]),
        params: itineraryParams,
        body: inviteSchema,
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const { invitation, created } = await invite(db, sender, caller, request.body);
      return reply.status(created ? 201 : 200).send(presentInvitation(invitation, new Date()));
    },
  );

  app.post(
    '/api/itineraries/:id/invitations/:invitationId/resend',
    {
      schema: {
        tags,
        summary: 'Send an invitation again, with a new link and a new expiry',
        response: replies({ 200: invitationSchema }, [401, 403, 404]),
        params: invitationParams,
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const row = await resendInvitation(db, sender, caller, invitationId);
      return presentInvitation(row, new Date());
    },
  );

  app.delete(
    '/api/itineraries/:id/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation',
        params: invitationParams,
        response: replies({ 204: noContent }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await withdrawInvitation(db, await callerOf(sessions, request, id), invitationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation as the signed-in account (its e-mail must match)',
        response: replies({ 200: acceptedInvitationSchema }, [401, 403, 404, 410]),
        body: acceptInvitationSchema,
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return acceptInvitation(db, user.id, request.body.token);
    },
  );
}
