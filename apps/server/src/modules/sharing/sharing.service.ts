import type { MemberRole } from '@jammy/shared/sharing';
import {
  ACTIVITY_PAGE_SIZE,
  SHARE_QUERY_PARAM,
  type AcceptedInvitation,
  type ActivityPage,
  type Sharing,
} from '@jammy/shared/sharing';
import type { Db } from '../../db/client';
import { presentEvent } from '../../events/event.presenter';
import { latestEvents, type ChangeEvent } from '../../events/events.repository';
import { AppError, invalidField } from '../../lib/errors';
import { newToken } from '../../lib/tokens';
import { conflict } from '../../lib/versions';
import { invitationMail } from '../../mail/invitation-mail';
import type { Mailer } from '../../mail/mailer';
import { authorize, type Caller } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import * as sharing from './sharing.repository';
import { presentInvitation, presentMember, presentShareLink } from './sharing.presenter';

/**
 * Members and their roles, e-mail invitations and read-only share links (issue 5). Only the
 * owner invites, changes roles, removes others, transfers ownership and manages links; any
 * member may leave and read the members and the activity. Changes to members are recorded as
 * events; invitations and links are not (they change nothing of the trip until used).
 */

/** What sends invitations: the mailer, and the origin their links open. */
export interface InvitationSender {
  mailer: Mailer;
  origin: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const memberNotFound = () =>
  new AppError('member/not-found', 'This person is not a member of this itinerary');
const invitationNotFound = () =>
  new AppError('invitation/not-found', 'There is no such invitation');

/** A stale change of a member: 409 with the member as they are now, or 404 once gone. */
async function memberConflict(db: Db, itineraryId: string, userId: string): Promise<AppError> {
  const current = await sharing.findMember(db, itineraryId, userId);
  return current ? conflict(presentMember(current)) : memberNotFound();
}

/** The member `userId`, who must not be the owner (`ownerMessage` says what to do instead). */
async function memberNotOwner(db: Db, itineraryId: string, userId: string, ownerMessage: string) {
  const member = await sharing.findMember(db, itineraryId, userId);
  if (!member) throw memberNotFound();
  if (member.role === 'owner') throw new AppError('member/owner', ownerMessage);
  return member;
}

async function sharingOf(db: Db, itineraryId: string, isOwner: boolean): Promise<Sharing> {
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

/** Members; pending invitations and share links for the owner only. */
export async function readSharing(db: Db, caller: Caller): Promise<Sharing> {
  const access = await authorize(db, caller.itineraryId, caller.actorId, 'read');
  return sharingOf(db, access.itinerary.id, access.role === 'owner');
}

/** Mails an invitation with its fresh token. */
async function sendInvitation(
  db: Db,
  sender: InvitationSender,
  input: {
    email: string;
    token: string;
    role: 'editor' | 'viewer';
    inviterId: string;
    itineraryTitle: string;
  },
) {
  const [invitee, inviter] = await Promise.all([
    sharing.findUserByEmail(db, input.email),
    sharing.findUser(db, input.inviterId),
  ]);
  const mail = invitationMail({ ...input, invitee, inviter, origin: sender.origin });
  await sender.mailer.send({ to: input.email, ...mail });
}

/**
 * Invites `email` with a role, or renews and sends again the invitation pending for it.
 * `created` says which (201 or 200).
 */
export async function invite(
  db: Db,
  sender: InvitationSender,
  caller: Caller,
  input: { email: string; role: 'editor' | 'viewer' },
): Promise<{ invitation: sharing.InvitationRow; created: boolean }> {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const { email, role } = input;
  if (await sharing.findMemberByEmail(db, itinerary.id, email)) {
    throw new AppError('member/already-member', `${email} is already a member of this itinerary`);
  }
  const existing = await sharing.findInvitationByEmail(db, itinerary.id, email);
  const { token, hash } = newToken();
  const row = await changeWithEvent(
    db,
    caller,
    (tx) =>
      sharing.upsertInvitation(tx, {
        itineraryId: itinerary.id,
        email,
        role,
        tokenHash: hash,
        invitedBy: caller.actorId,
      }),
    () => [],
    { requires: 'own' },
  );
  await sendInvitation(db, sender, {
    email,
    token,
    role,
    inviterId: caller.actorId,
    itineraryTitle: itinerary.title,
  });
  return { invitation: row, created: !existing };
}

/** Sends an invitation again, with a new link and a new expiry. */
export async function resendInvitation(
  db: Db,
  sender: InvitationSender,
  caller: Caller,
  invitationId: string,
): Promise<sharing.InvitationRow> {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const current = await sharing.findInvitation(db, itinerary.id, invitationId);
  if (!current) throw invitationNotFound();
  const { token, hash } = newToken();
  const row = await sharing.renewInvitation(db, current.id, hash);
  if (!row) throw invitationNotFound();
  await sendInvitation(db, sender, {
    email: row.email,
    token,
    role: row.role,
    inviterId: caller.actorId,
    itineraryTitle: itinerary.title,
  });
  return row;
}

export async function withdrawInvitation(
  db: Db,
  caller: Caller,
  invitationId: string,
): Promise<void> {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const current = await sharing.findInvitation(db, itinerary.id, invitationId);
  if (!current || !(await sharing.deleteInvitation(db, current.id))) {
    throw invitationNotFound();
  }
}

/** Accepts an invitation as the signed-in account `userId`, whose e-mail must match it. */
export async function acceptInvitation(
  db: Db,
  userId: string,
  token: string,
): Promise<AcceptedInvitation> {
  const invitation = await sharing.findInvitationByToken(db, token);
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
  const account = await sharing.findUser(db, userId);
  if (!account?.emailVerified || account.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new AppError(
      'invitation/email-mismatch',
      `This invitation was sent to ${invitation.email}: sign in with that verified address to accept it`,
    );
  }
  const { itineraryId, role } = invitation;
  // Under the itinerary's lock: a trip trashed or deleted meanwhile gets no new member. The
  // account is no member yet: the itinerary only has to be there.
  const accepted = await changeWithEvent(
    db,
    { itineraryId, actorId: userId },
    async (tx) => {
      const added = await sharing.addMember(tx, itineraryId, userId, role);
      await sharing.deleteInvitation(tx, invitation.id);
      return { added, member: await sharing.findMember(tx, itineraryId, userId) };
    },
    ({ added }) =>
      added ? { kind: 'member.added', data: { userId, name: account.name, role } } : [],
    { touch: false, requires: null },
  );
  return { itineraryId, role: accepted.member?.role ?? role };
}

/** Gives a member another role (not the owner's own); the same role again changes nothing. */
export async function changeRole(
  db: Db,
  caller: Caller,
  userId: string,
  role: 'editor' | 'viewer',
  expectedVersion: number | undefined,
) {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const member = await memberNotOwner(
    db,
    itinerary.id,
    userId,
    "The owner's role cannot change: transfer the ownership to an editor instead",
  );
  if (member.role === role && (expectedVersion ?? member.version) === member.version) {
    return member;
  }
  const version = await changeWithEvent(
    db,
    caller,
    (tx) => sharing.setMemberRole(tx, itinerary.id, member.userId, role, expectedVersion),
    () => ({ kind: 'member.updated', data: { userId: member.userId, name: member.name, role } }),
    { touch: false, requires: 'own' },
  );
  if (version === undefined) throw await memberConflict(db, itinerary.id, member.userId);
  return { ...member, role, version };
}

/** Removes a member (the owner), or lets a member leave (removing themself). */
export async function removeMember(
  db: Db,
  caller: Caller,
  userId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const leaving = userId === caller.actorId;
  const right = leaving ? 'read' : 'own';
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, right);
  const member = await memberNotOwner(
    db,
    itinerary.id,
    userId,
    'The owner cannot leave: transfer the ownership to an editor first',
  );
  const removed = await changeWithEvent(
    db,
    caller,
    (tx) => sharing.removeMember(tx, itinerary.id, member.userId, expectedVersion),
    () => ({
      kind: 'member.removed',
      data: { userId: member.userId, name: member.name, left: leaving },
    }),
    { touch: false, requires: right },
  );
  if (!removed) throw await memberConflict(db, itinerary.id, member.userId);
}

const transferEvent = (changed: sharing.MemberRow, role: MemberRole): ChangeEvent => ({
  kind: 'member.updated',
  data: { userId: changed.userId, name: changed.name, role, transfer: true },
});

/** Makes an editor the owner; the former owner becomes an editor. */
export async function transferOwnership(db: Db, caller: Caller, userId: string): Promise<Sharing> {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const member = await sharing.findMember(db, itinerary.id, userId);
  if (!member) throw memberNotFound();
  if (member.role !== 'editor') {
    throw new AppError(
      'member/not-editor',
      'Ownership can only go to an editor: make this member an editor first',
    );
  }
  const transferred = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      // The editor may have left or changed role meanwhile.
      const target = await sharing.findMember(tx, itinerary.id, member.userId);
      if (target?.role !== 'editor') return false;
      await sharing.setMemberRole(tx, itinerary.id, caller.actorId, 'editor');
      await sharing.setMemberRole(tx, itinerary.id, member.userId, 'owner');
      await sharing.setOwner(tx, itinerary.id, member.userId);
      return { former: await sharing.findMember(tx, itinerary.id, caller.actorId) };
    },
    ({ former }) => [
      transferEvent(member, 'owner'),
      ...(former ? [transferEvent(former, 'editor')] : []),
    ],
    { touch: false, requires: 'own' },
  );
  if (!transferred) throw await memberConflict(db, itinerary.id, member.userId);
  return sharingOf(db, itinerary.id, false);
}

/**
 * Creates a read-only link, valid through its last day `expiresOn` (UTC) when given. Its
 * address, with the token, is answered only now: only the token's hash is kept.
 */
export async function createShareLink(
  db: Db,
  caller: Caller,
  expiresOn: string | null | undefined,
  origin: string,
) {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const today = new Date().toISOString().slice(0, 10);
  if (expiresOn && expiresOn < today) throw invalidField('expiresOn', 'must be today or later');
  // The link works through its last day (UTC), so it ends at the next midnight.
  const expiresAt = expiresOn ? new Date(Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS) : null;
  const { token, hash } = newToken();
  const row = await changeWithEvent(
    db,
    caller,
    (tx) =>
      sharing.insertShareLink(tx, {
        itineraryId: itinerary.id,
        tokenHash: hash,
        createdBy: caller.actorId,
        expiresAt,
      }),
    () => [],
    { requires: 'own' },
  );
  const url = `${origin}/itinerary/${itinerary.id}?${SHARE_QUERY_PARAM}=${token}`;
  return { link: row, url };
}

/** Revokes a link: opening it then says so. */
export async function revokeShareLink(db: Db, caller: Caller, linkId: string): Promise<void> {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  const link = await sharing.findShareLink(db, itinerary.id, linkId);
  if (!link) throw new AppError('share-link/not-found', 'There is no such link');
  await sharing.revokeShareLink(db, link.id);
}

/** Recent changes, newest first, a page at a time (the cursor: the last event id seen). */
export async function readActivity(
  db: Db,
  caller: Caller,
  cursor: number | null,
): Promise<ActivityPage> {
  const { itinerary } = await authorize(db, caller.itineraryId, caller.actorId, 'read');
  const events = await latestEvents(db, itinerary.id, cursor, ACTIVITY_PAGE_SIZE + 1);
  const page = events.slice(0, ACTIVITY_PAGE_SIZE).map(presentEvent);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: events.length > ACTIVITY_PAGE_SIZE && last ? String(last.id) : null,
  };
}
