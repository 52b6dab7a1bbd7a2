import { describe, expect, it } from 'vitest';
import { ROUTES, buildPath, matchRoute } from './route-table';

const ID = '0192f7a0-0000-7000-8000-000000000000';
const STAGE = '0192f7a0-1111-7abc-9def-000000000001';

describe('ROUTES', () => {
  it('holds the 32 pages of the spec, the send-email page, the shop’s cart and products, the bookings, the budget, the print view, the import page, the booking inbox and the sign-in’s second step, each once', () => {
    expect(ROUTES).toHaveLength(41);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(41);
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(41);
  });

  it('asks for sign-in on the traveller pages only', () => {
    const signedIn = ROUTES.filter((route) => route.access === 'signed-in').map((r) => r.path);
    expect(signedIn).toContain('/itineraries');
    expect(signedIn).toContain('/itinerary/:id/stage/:stageId/add/finish');
    expect(signedIn).toContain('/on-boarding');
    expect(signedIn).not.toContain('/jammy-itineraries');
    expect(signedIn).not.toContain('/');
  });

  it('lets a share link, and nothing else, open a traveller page without an account', () => {
    const shareable = ROUTES.filter((route) => route.access === 'signed-in-or-share');
    expect(shareable.map((route) => route.path)).toEqual(['/itinerary/:id']);
    expect(shareable[0]?.layout).toBe('visitor');
  });
});

describe('matchRoute', () => {
  it('matches every route with valid ids, with and without a language prefix', () => {
    for (const route of ROUTES) {
      const path = buildPath(route.path, { id: ID, stageId: STAGE });
      expect(matchRoute(path)?.route.id, path).toBe(route.id);
      const prefixed = path === '/' ? '/ar' : `/ar${path}`;
      expect(matchRoute(prefixed)?.route.id, prefixed).toBe(route.id);
      expect(matchRoute(prefixed)?.language).toBe('ar');
    }
  });

  it('returns the parameters', () => {
    expect(matchRoute(`/it/itinerary/${ID}/stage/${STAGE}/edit`)).toMatchObject({
      route: { id: 'stage-edit' },
      params: { id: ID, stageId: STAGE },
      language: 'it',
    });
  });

  it('tolerates a trailing slash', () => {
    expect(matchRoute('/itineraries/')?.route.id).toBe('itineraries');
  });

  it.each([
    '/no-such-page',
    '/itinerary/abc',
    '/itinerary/0192f7a0-0000-4000-8000-000000000000',
    `/itinerary/${ID}/nope`,
    `/itinerary/${ID}/stage/not-an-id`,
    '/jammy-itineraries/abc',
    '/itinerary/%E0%A4%A',
    '/en/itineraries',
    '/xx/itineraries',
    '/it/it/itineraries',
  ])('does not match %s', (path) => {
    expect(matchRoute(path)).toBeNull();
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters, and names a missing one', () => {
    expect(buildPath('/itinerary/:id/stage/:stageId', { id: ID, stageId: STAGE })).toBe(
      `/itinerary/${ID}/stage/${STAGE}`,
    );
    expect(() => buildPath('/itinerary/:id')).toThrow('"id"');
  });
});
