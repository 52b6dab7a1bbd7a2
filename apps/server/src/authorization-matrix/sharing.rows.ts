import type { CalendarFeed } from '@jammy/shared/exports';
import type { Invitation } from '@jammy/shared/sharing';
import { uniqueEmail } from '../../test/auth-helpers';
import { expectStatus } from '../../test/expect';
import {
  everyone,
  linkRead,
  memberRead,
  ownerOnly,
  signedIn,
  type Row,
  type World,
} from './matrix';

const invitation = async ({ api, users }: World, id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email: uniqueEmail('invitee'), role: 'viewer' },
  });
  return { invitationId: expectStatus<Invitation>(response, 201).id };
};
const link = async (world: World, id: string) => ({ linkId: (await world.createLink(id)).id });
const target = async ({ users }: World) => ({ userId: users.target.id });

export const SHARING_ROWS: readonly Row[] = [
  // --- sharing ---
  { method: 'GET', path: '/api/itineraries/:id/members', expect: memberRead() },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/members/:userId',
    expect: ownerOnly(200),
    prepare: target,
    payload: () => ({ role: 'editor' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/members/:userId',
    expect: ownerOnly(204),
    prepare: target,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/invitations',
    expect: ownerOnly(201),
    payload: () => ({ email: uniqueEmail('invitee'), role: 'editor' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/invitations/:invitationId',
    expect: ownerOnly(204),
    prepare: invitation,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/invitations/:invitationId/resend',
    expect: ownerOnly(200),
    prepare: invitation,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/transfer',
    expect: ownerOnly(200),
    payload: (_params, _caller, { users }) => ({ userId: users.editor.id }),
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/share-links',
    expect: ownerOnly(201),
    payload: () => ({}),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/share-links/:linkId',
    expect: ownerOnly(204),
    prepare: link,
  },
  { method: 'GET', path: '/api/itineraries/:id/activity', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/events', expect: memberRead() },
  // --- exports: files through a share link too (without confirmation codes); the JSON and
  // calendar feeds are for members (a viewer may subscribe), the feed itself for its token.
  { method: 'GET', path: '/api/itineraries/:id/export.ics', expect: linkRead },
  { method: 'GET', path: '/api/itineraries/:id/export.gpx', expect: linkRead },
  { method: 'GET', path: '/api/itineraries/:id/export.geojson', expect: linkRead },
  { method: 'GET', path: '/api/itineraries/:id/export.json', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/calendar-feed', expect: memberRead() },
  { method: 'POST', path: '/api/itineraries/:id/calendar-feed', expect: memberRead(201) },
  { method: 'DELETE', path: '/api/itineraries/:id/calendar-feed', expect: memberRead(204) },
  {
    method: 'GET',
    path: '/api/calendar/:token.ics',
    expect: everyone(200),
    prepare: async ({ api, users }, id) => {
      const response = await api(users.owner, 'POST', `/api/itineraries/${id}/calendar-feed`);
      const { url } = expectStatus<CalendarFeed>(response, 201);
      return { token: /\/api\/calendar\/([\w-]+)\.ics$/.exec(url ?? '')?.[1] ?? '' };
    },
  },
  // An unknown token opens nothing, whoever asks.
  {
    method: 'POST',
    path: '/api/invitations/accept',
    expect: signedIn(404),
    payload: () => ({ token: 'unknown-token' }),
  },
];
