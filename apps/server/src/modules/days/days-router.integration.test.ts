import type { DayPlan, DayProposal } from '@jammy/shared/days';
import { afterAll, beforeEach, expect } from 'vitest';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { FAKE_WAY, startFakeRouter, type FakeRouter } from '../routing/fake-router';

let fake: FakeRouter;
const test = serverTest(async () => {
  fake = await startFakeRouter();
  return { env: { ROUTER_URL: fake.url, ROUTER_KIND: 'osrm' } };
});

beforeEach(() => {
  if (!fake) return;
  fake.mode = 'ok';
  fake.requests.length = 0;
});

afterAll(async () => {
  await fake?.close();
});

const DAY = '2027-04-03';

test('takes the legs from the router, keeps them, and asks again when a stop moves', async ({
  owner,
  trip,
  make,
}) => {
  const stage = await make.stage();
  const place = (name: string, lat: number, lng: number) =>
    make.place({ stageId: stage.id, name, lat, lng, day: DAY });
  const cathedral = await place('Cathedral', 38.7099, -9.1335);
  await place('Castle', 38.7139, -9.1335);
  const url = `/api/itineraries/${trip.id}/stages/${stage.id}/days/${DAY}/plan`;

  const plan = expectStatus<DayPlan>(await owner.get(url), 200);
  expect(plan.router).toBe('osrm');
  expect(plan.legs).toEqual([
    { distanceMeters: FAKE_WAY.meters, durationSeconds: FAKE_WAY.seconds, estimate: false },
  ]);
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0]?.path.startsWith('/table/v1/foot/')).toBe(true);

  // Kept: the same day asks nothing.
  expectStatus<DayPlan>(await owner.get(url), 200);
  expect(fake.requests).toHaveLength(1);

  // A stop that moves has new coordinates: its leg is asked again.
  const moved = await owner.patch(`/api/itineraries/${trip.id}/places/${cathedral.id}`, {
    lat: 38.7107,
  });
  expectStatus(moved, 200);
  expectStatus<DayPlan>(await owner.get(url), 200);
  expect(fake.requests).toHaveLength(2);
});

test('estimates public transport, and whatever a failing router cannot give', async ({
  owner,
  trip,
  make,
}) => {
  const stage = await make.stage();
  await make.place({ stageId: stage.id, name: 'A', lat: 38.7, lng: -9.2, day: DAY });
  await make.place({ stageId: stage.id, name: 'B', lat: 38.71, lng: -9.14, day: DAY });
  const url = `/api/itineraries/${trip.id}/stages/${stage.id}/days/${DAY}`;

  const transit = expectStatus<DayPlan>(await owner.get(`${url}/plan?mode=transit`), 200);
  expect(transit.router).toBeNull();
  expect(transit.legs.every((leg) => leg.estimate)).toBe(true);
  expect(fake.requests).toHaveLength(0);

  fake.mode = 'fail';
  const failed = expectStatus<DayPlan>(await owner.get(`${url}/plan?mode=car`), 200);
  expect(failed.router).toBeNull();
  expect(failed.legs.every((leg) => leg.estimate)).toBe(true);
  // Nothing was kept of the failure: the next read asks again, and gets the router's legs.
  fake.mode = 'ok';
  const proposal = expectStatus<DayProposal>(await owner.get(`${url}/optimised?mode=car`), 200);
  expect(proposal.current.router).toBe('osrm');
  expect(proposal.current.legs[0]?.estimate).toBe(false);
});
