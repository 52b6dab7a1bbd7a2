import { idSchema } from '@jammy/shared/ids';
import { versionOnlySchema } from '@jammy/shared/itineraries';
import { DEFAULT_LANGUAGE, isLanguage } from '@jammy/shared/languages';
import {
  ACTIVITY_PAGE_SIZE,
  INVITATION_QUERY_PARAM,
  INVITATION_TTL_DAYS,
  SHARE_QUERY_PARAM,
  acceptInvitationSchema,
  acceptedInvitationSchema,
  activityPageSchema,
  changeRoleSchema,
  createShareLinkSchema,
  invitationSchema,
  inviteSchema,
  memberSchema,
  shareLinkSchema,
  sharingSchema,
  transferOwnershipSchema,
  type AcceptedInvitation,
  type ActivityPage,
  type Sharing,
} from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import type { Mailer } from '../../mail/mailer';
import { mailMessages, renderMail } from '../../mail/templates';
import { authorize } from '../itineraries/access';
import { presentEvent } from '../../events/event.presenter';
import { latestEvents, recordEvent } from '../../events/events.repository';
import { newToken } from '../../lib/tokens';
import { changeWithEvent } from '../itineraries/change-with-event';
import { withItineraryLock } from '../itineraries/itinerary-lock';
import { itineraryParams } from '../itineraries/route-parts';
import * as sharing from './sharing.repository';
import { presentInvitation, presentMember, presentShareLink } from './sharing.presenters';

const TAGS = ['sharing'];
const DAY_MS = 24 * 60 * 60 * 1000;
const memberParams = itineraryParams.extend({ userId: idSchema });
const invitationParams = itineraryParams.extend({ invitationId: idSchema });
const linkParams = itineraryParams.extend({ linkId: idSchema });
// Not strict: a share-link reader's `?share=` is ignored here (the route answers 401/404).
const activityQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor of this list')
    .optional(),
});

const memberNotFound = () =>
  new AppError('member/not-found', 'This person is not a member of this itinerary');
const invitationNotFound = () =>
  new AppError('invitation/not-found', 'There is no such invitation');

export interface SharingDeps {
  db: Db;
  sessions: Sessions;
  mailer: Mailer;
  config: Config;
}

/**
 * Members and their roles, e-mail invitations, read-only share links and the activity of
 * an itinerary (issue 5). Only the owner invites, changes roles, removes others, transfers
 * ownership and manages links; any member may leave and read members and activity.
 */
export function sharingRoutes(root: FastifyInstance, deps: SharingDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, mailer, config } = deps;

  /** A stale change of a member: 409 with the member as they are now, or 404 once gone. */
  async function memberConflict(itineraryId: string, userId: string): Promise<AppError> {
    const current = await sharing.findMember(db, itineraryId, userId);
    return current ? conflict(presentMember(current)) : memberNotFound();
  }
  const origin = config.baseUrl.origin;

  async function readSharing(itineraryId: string, isOwner: boolean): Promise<Sharing> {
    const [members, invitations, links] = await Promise.all([
      sharing.listMembers(db, itineraryId),
      isOwner ? sharing.listInvitations(db, itineraryId) : [],
      isOwner ? sharing.listShareLinks(db, itineraryId) : [],
    ]);
    const now = new Date();
    return {
      members: members.map(presentMember),
      invitations: invitations.map((row) => presentInvitation(row, now)),
      links: links.map((row) => presentShareLink(row)),
    };
  }

  /** Mails the invitation (in the invitee's language when they have an account, else the inviter's). */
  async function sendInvitation(input: {
    email: string;
    token: string;
    role: 'editor' | 'viewer';
    inviterId: string;
    itineraryTitle: string;
  }) {
    const [invitee, inviter] = await Promise.all([
      sharing.findUserByEmail(db, input.email),
      sharing.findUser(db, input.inviterId),
    ]);
    const language = [invitee?.language, inviter?.language].find(isLanguage) ?? DEFAULT_LANGUAGE;
    // The link lands in the invitee's language only when it is known to be theirs.
    const prefix =
      invitee && isLanguage(invitee.language) && invitee.language !== DEFAULT_LANGUAGE
        ? `/${invitee.language}`
        : '';
    const url = `${origin}${prefix}/itineraries?${INVITATION_QUERY_PARAM}=${input.token}`;
    const mail = renderMail('invitation', {
      language,
      name: invitee?.name,
      url,
      values: {
        inviter: inviter?.name || inviter?.email || 'Jammy',
        itinerary: input.itineraryTitle,
        role: mailMessages(language).roles[input.role],
      },
    });
    await mailer.send({ to: input.email, ...mail });
  }

  app.get(
    '/api/itineraries/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: 'Members; pending invitations and share links (owner only, else empty)',
        response: replies({ 200: sharingSchema }, [401, 404]),
        params: itineraryParams,
      },
    },
    async (request): Promise<Sharing> => {
      const { user } = await requireSession(sessions, request);
      const access = await authorize(db, request.params.id, user.id, 'read');
      return readSharing(access.itinerary.id, access.role === 'owner');
    },
  );

  app.post(
    '/api/itineraries/:id/invitations',
    {
      schema: {
        tags: TAGS,
        summary: `Invite by e-mail with a role (valid ${INVITATION_TTL_DAYS} days; a pending one is renewed and sent again)`,
        response: replies({ 200: invitationSchema, 201: invitationSchema }, [401, 403, 404, 409]),
        params: itineraryParams,
        body: inviteSchema,
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const { email, role } = request.body;
      if (await sharing.findMemberByEmail(db, itinerary.id, email)) {
        throw new AppError(
          'member/already-member',
          `${email} is already a member of this itinerary`,
        );
      }
      const existing = await sharing.findInvitationByEmail(db, itinerary.id, email);
      const { token, hash } = newToken();
      const row = await withItineraryLock(
        db,
        itinerary.id,
        (tx) =>
          sharing.upsertInvitation(tx, {
            itineraryId: itinerary.id,
            email,
            role,
            tokenHash: hash,
            invitedBy: user.id,
          }),
        { actorId: user.id, requires: 'own' },
      );
      await sendInvitation({
        email,
        token,
        role,
        inviterId: user.id,
        itineraryTitle: itinerary.title,
      });
      return reply.status(existing ? 200 : 201).send(presentInvitation(row, new Date()));
    },
  );

  app.post(
    '/api/itineraries/:id/invitations/:invitationId/resend',
    {
      schema: {
        tags: TAGS,
        summary: 'Send an invitation again, with a new link and a new expiry',
        response: replies({ 200: invitationSchema }, [401, 403, 404]),
        params: invitationParams,
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const current = await sharing.findInvitation(db, itinerary.id, request.params.invitationId);
      if (!current) throw invitationNotFound();
      const { token, hash } = newToken();
      const row = await sharing.renewInvitation(db, current.id, hash);
      if (!row) throw invitationNotFound();
      await sendInvitation({
        email: row.email,
        token,
        role: row.role,
        inviterId: user.id,
        itineraryTitle: itinerary.title,
      });
      return presentInvitation(row, new Date());
    },
  );

  app.delete(
    '/api/itineraries/:id/invitations/:invitationId',
    {
      schema: {
        tags: TAGS,
        summary: 'Withdraw an invitation',
        params: invitationParams,
        response: replies({ 204: noContent }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const current = await sharing.findInvitation(db, itinerary.id, request.params.invitationId);
      if (!current || !(await sharing.deleteInvitation(db, current.id))) {
        throw invitationNotFound();
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation as the signed-in account (its e-mail must match)',
        response: replies({ 200: acceptedInvitationSchema }, [401, 403, 404, 410]),
        body: acceptInvitationSchema,
      },
    },
    async (request): Promise<AcceptedInvitation> => {
      const { user } = await requireSession(sessions, request);
      const invitation = await sharing.findInvitationByToken(db, request.body.token);
      if (!invitation) {
        throw new AppError(
          'invitation/not-found',
          'This invitation does not exist any more: it was withdrawn, renewed or already accepted',
        );
      }
      if (invitation.expiresAt <= new Date()) {
        throw new AppError(
          'invitation/expired',
          'This invitation has expired: ask the owner of the itinerary to send it again',
        );
      }
      const account = await sharing.findUser(db, user.id);
      if (
        !account?.emailVerified ||
        account.email.toLowerCase() !== invitation.email.toLowerCase()
      ) {
        throw new AppError(
          'invitation/email-mismatch',
          `This invitation was sent to ${invitation.email}: sign in with that verified address to accept it`,
        );
      }
      // Under the itinerary's lock: a trip trashed or deleted meanwhile gets no new member.
      const result = await withItineraryLock(db, invitation.itineraryId, async (tx) => {
        const added = await sharing.addMember(tx, invitation.itineraryId, user.id, invitation.role);
        await sharing.deleteInvitation(tx, invitation.id);
        if (added) {
          await recordEvent(
            tx,
            {
              itineraryId: invitation.itineraryId,
              actorId: user.id,
              kind: 'member.added',
              data: { userId: user.id, name: account.name, role: invitation.role },
            },
            { touch: false },
          );
        }
        return sharing.findMember(tx, invitation.itineraryId, user.id);
      });
      return { itineraryId: invitation.itineraryId, role: result?.role ?? invitation.role };
    },
  );

  app.patch(
    '/api/itineraries/:id/members/:userId',
    {
      schema: {
        tags: TAGS,
        summary: "Change a member's role (owner only; not the owner's own)",
        response: replies({ 200: memberSchema }, [401, 403, 404, 409]),
        params: memberParams,
        body: changeRoleSchema,
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const member = await sharing.findMember(db, itinerary.id, request.params.userId);
      if (!member) throw memberNotFound();
      if (member.role === 'owner') {
        throw new AppError(
          'member/owner',
          "The owner's role cannot change: transfer the ownership to an editor instead",
        );
      }
      const { role } = request.body;
      const expected = expectedVersion(request, request.body.version);
      // The same role again, from the current version: nothing to change.
      if (member.role === role && (expected ?? member.version) === member.version) {
        return presentMember(member);
      }
      const version = await changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId: user.id },
        (tx) => sharing.setMemberRole(tx, itinerary.id, member.userId, role, expected),
        () => ({
          kind: 'member.updated',
          data: { userId: member.userId, name: member.name, role },
        }),
        { touch: false, requires: 'own' },
      );
      if (version === undefined) throw await memberConflict(itinerary.id, member.userId);
      return presentMember({ ...member, role, version });
    },
  );

  app.delete(
    '/api/itineraries/:id/members/:userId',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a member (owner), or leave (a member removing themself)',
        response: replies({ 204: noContent }, [401, 403, 404, 409]),
        params: memberParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const leaving = request.params.userId === user.id;
      const { itinerary } = await authorize(
        db,
        request.params.id,
        user.id,
        leaving ? 'read' : 'own',
      );
      const member = await sharing.findMember(db, itinerary.id, request.params.userId);
      if (!member) throw memberNotFound();
      if (member.role === 'owner') {
        throw new AppError(
          'member/owner',
          'The owner cannot leave: transfer the ownership to an editor first',
        );
      }
      const expected = expectedVersion(request, request.body?.version);
      const removed = await changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId: user.id },
        (tx) => sharing.removeMember(tx, itinerary.id, member.userId, expected),
        () => ({
          kind: 'member.removed',
          data: { userId: member.userId, name: member.name, left: leaving },
        }),
        { touch: false, requires: leaving ? 'read' : 'own' },
      );
      if (!removed) throw await memberConflict(itinerary.id, member.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/itineraries/:id/transfer',
    {
      schema: {
        tags: TAGS,
        summary: 'Make an editor the owner (the former owner becomes an editor)',
        response: replies({ 200: sharingSchema }, [401, 403, 404, 409]),
        params: itineraryParams,
        body: transferOwnershipSchema,
      },
    },
    async (request): Promise<Sharing> => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const member = await sharing.findMember(db, itinerary.id, request.body.userId);
      if (!member) throw memberNotFound();
      if (member.role !== 'editor') {
        throw new AppError(
          'member/not-editor',
          'Ownership can only go to an editor: make this member an editor first',
        );
      }
      const transferred = await withItineraryLock(
        db,
        itinerary.id,
        async (tx) => {
          // The editor may have left or changed role meanwhile.
          const target = await sharing.findMember(tx, itinerary.id, member.userId);
          if (target?.role !== 'editor') return false;
          await sharing.setMemberRole(tx, itinerary.id, user.id, 'editor');
          await sharing.setMemberRole(tx, itinerary.id, member.userId, 'owner');
          await sharing.setOwner(tx, itinerary.id, member.userId);
          const former = await sharing.findMember(tx, itinerary.id, user.id);
          for (const [changed, role] of [
            [member, 'owner'],
            [former, 'editor'],
          ] as const) {
            if (!changed) continue;
            await recordEvent(
              tx,
              {
                itineraryId: itinerary.id,
                actorId: user.id,
                kind: 'member.updated',
                data: { userId: changed.userId, name: changed.name, role, transfer: true },
              },
              { touch: false },
            );
          }
          return true;
        },
        { actorId: user.id, requires: 'own' },
      );
      if (!transferred) throw await memberConflict(itinerary.id, member.userId);
      return readSharing(itinerary.id, false);
    },
  );

  app.post(
    '/api/itineraries/:id/share-links',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a read-only link (its address, with the token, is answered only now)',
        response: replies({ 201: shareLinkSchema }, [401, 403, 404]),
        params: itineraryParams,
        body: createShareLinkSchema,
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const { expiresOn } = request.body;
      const today = new Date().toISOString().slice(0, 10);
      if (expiresOn && expiresOn < today) {
        throw new AppError('request/invalid', 'expiresOn: must be today or later', {
          issues: [{ field: 'expiresOn', message: 'must be today or later' }],
        });
      }
      // The link works through its last day (UTC), so it ends at the next midnight.
      const expiresAt = expiresOn ? new Date(Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS) : null;
      const { token, hash } = newToken();
      const row = await withItineraryLock(
        db,
        itinerary.id,
        (tx) =>
          sharing.insertShareLink(tx, {
            itineraryId: itinerary.id,
            tokenHash: hash,
            createdBy: user.id,
            expiresAt,
          }),
        { actorId: user.id, requires: 'own' },
      );
      const url = `${origin}/itinerary/${itinerary.id}?${SHARE_QUERY_PARAM}=${token}`;
      return reply.status(201).send(presentShareLink(row, url));
    },
  );

  app.delete(
    '/api/itineraries/:id/share-links/:linkId',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke a link (opening it then says so)',
        response: replies({ 204: noContent }, [401, 403, 404]),
        params: linkParams,
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'own');
      const link = await sharing.findShareLink(db, itinerary.id, request.params.linkId);
      if (!link) throw new AppError('share-link/not-found', 'There is no such link');
      await sharing.revokeShareLink(db, link.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/itineraries/:id/activity',
    {
      schema: {
        tags: TAGS,
        summary: `Recent changes, newest first (${ACTIVITY_PAGE_SIZE} a page)`,
        response: replies({ 200: activityPageSchema }, [401, 404]),
        params: itineraryParams,
        querystring: activityQuery,
      },
    },
    async (request): Promise<ActivityPage> => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'read');
      const cursor = request.query.cursor === undefined ? null : Number(request.query.cursor);
      const events = await latestEvents(db, itinerary.id, cursor, ACTIVITY_PAGE_SIZE + 1);
      const page = events.slice(0, ACTIVITY_PAGE_SIZE).map(presentEvent);
      const last = page.at(-1);
      return {
        items: page,
        nextCursor: events.length > ACTIVITY_PAGE_SIZE && last ? String(last.id) : null,
      };
    },
  );
}
