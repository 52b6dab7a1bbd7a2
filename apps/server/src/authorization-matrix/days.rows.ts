import { createPlace, createStage } from '../../test/factories';
import { memberWrite, type Row, type Statuses, type World } from './matrix';

const DAY = '2027-04-03';

/** A stage with one place on the day, made by the trip's owner. */
const day = async ({ server, users }: World, id: string) => {
  const owner = server.client(users.owner);
  const stage = await createStage(owner, id);
  const place = await createPlace(owner, id, {
    stageId: stage.id,
    day: DAY,
    lat: 38.7099,
    lng: -9.1335,
  });
  return { stageId: stage.id, day: DAY, placeId: place.id };
};

// anonymous, stranger, link holder, viewer, editor, owner, admin: the plans' strict queries
// refuse the unknown `share` parameter (400) before any authorisation; nothing is revealed.
const memberReadStrict: Statuses = [401, 404, 400, 200, 200, 200, 404];

export const DAY_ROWS: readonly Row[] = [
  {
    method: 'GET',
    path: '/api/itineraries/:id/stages/:stageId/days/:day/travel',
    expect: memberReadStrict,
    prepare: day,
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/stages/:stageId/days/:day/plan',
    expect: memberReadStrict,
    prepare: day,
  },
  // A preview: any member may look; applying it needs the right to write.
  {
    method: 'GET',
    path: '/api/itineraries/:id/stages/:stageId/days/:day/optimised',
    expect: memberReadStrict,
    prepare: day,
  },
  {
    method: 'PUT',
    path: '/api/itineraries/:id/stages/:stageId/days/:day/order',
    expect: memberWrite(200),
    prepare: day,
    payload: (params) => ({ placeIds: [params.placeId] }),
  },
];
