import type { SignedInUser } from '../../test/clients';
import { expectStatus } from '../../test/expect';
import { linkRead, memberRead, memberWrite, signedIn, type Row, type World } from './matrix';

const expenseBody = ({ users }: World) => ({
  title: 'Dinner',
  amountMinor: 3000,
  currency: 'EUR',
  date: '2027-05-01',
  category: 'food',
  paidBy: users.owner.id,
  split: { mode: 'equal', userIds: [users.owner.id] },
  // The trip's currency may differ (it defaults from the owner's language).
  rate: '1.08',
});
const expense = async (world: World, id: string) => {
  const response = await world.api(world.users.owner, 'POST', `/api/itineraries/${id}/expenses`, {
    payload: expenseBody(world),
  });
  return { expenseId: expectStatus<{ id: string }>(response, 201).id };
};
const budgetLine = async ({ api, users }: World, id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/budget-lines`, {
    payload: { category: 'food', amountMinor: 5000 },
  });
  return { lineId: expectStatus<{ id: string }>(response, 201).id };
};
const budgetRate = async ({ api, users }: World, id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/budget-rates`, {
    payload: { currency: 'JPY', rate: '0.0061' },
  });
  return { rateId: expectStatus<{ id: string }>(response, 201).id };
};
const bookingRow = async ({ api, users }: World, id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/bookings`, {
    payload: { kind: 'accommodation', title: 'Hotel', confirmationCode: 'ABC123' },
  });
  return { bookingId: expectStatus<{ id: string }>(response, 201).id };
};

/** A small GeoJSON file, as the import routes take it (the body is the file). */
const IMPORT_FILE = JSON.stringify({
  type: 'Feature',
  properties: { name: 'Imported' },
  geometry: { type: 'Point', coordinates: [12.49, 41.89] },
});
const sendImport = async ({ api }: World, url: string, account: SignedInUser | null) => {
  const response = await api(account, 'POST', url, {
    payload: Buffer.from(IMPORT_FILE),
    headers: { 'content-type': 'application/geo+json' },
  });
  return response.statusCode;
};
const importRow = async ({ api, users }: World, id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/imports`, {
    payload: Buffer.from(IMPORT_FILE),
    headers: { 'content-type': 'application/geo+json' },
  });
  return { importId: expectStatus<{ id: string }>(response, 201).id };
};

export const BOOKINGS_BUDGET_IMPORT_ROWS: readonly Row[] = [
  // --- bookings ---
  { method: 'GET', path: '/api/itineraries/:id/bookings', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/bookings',
    expect: memberWrite(201),
    payload: () => ({
      kind: 'restaurant',
      title: 'Dinner',
      startAt: '2027-03-28T20:00',
      startZone: 'Europe/Rome',
    }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/bookings/:bookingId',
    expect: memberRead(),
    prepare: bookingRow,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/bookings/:bookingId',
    expect: memberWrite(200),
    prepare: bookingRow,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/bookings/:bookingId',
    expect: memberWrite(204),
    prepare: bookingRow,
  },
  // --- budget ---
  { method: 'GET', path: '/api/itineraries/:id/budget', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/expenses', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/expenses',
    expect: memberWrite(201),
    payload: (_params, _caller, world) => expenseBody(world),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/expenses/:expenseId',
    expect: memberRead(),
    prepare: expense,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/expenses/:expenseId',
    expect: memberWrite(200),
    prepare: expense,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/expenses/:expenseId',
    expect: memberWrite(204),
    prepare: expense,
  },
  { method: 'GET', path: '/api/itineraries/:id/budget-lines', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/budget-lines',
    expect: memberWrite(201),
    payload: () => ({ category: 'transport', amountMinor: 10000 }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/budget-lines/:lineId',
    expect: memberRead(),
    prepare: budgetLine,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/budget-lines/:lineId',
    expect: memberWrite(200),
    prepare: budgetLine,
    payload: () => ({ amountMinor: 12000 }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/budget-lines/:lineId',
    expect: memberWrite(204),
    prepare: budgetLine,
  },
  { method: 'GET', path: '/api/itineraries/:id/budget-rates', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/budget-rates',
    expect: memberWrite(201),
    payload: () => ({ currency: 'JPY', rate: '0.0061' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/budget-rates/:rateId',
    expect: memberRead(),
    prepare: budgetRate,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/budget-rates/:rateId',
    expect: memberWrite(200),
    prepare: budgetRate,
    payload: () => ({ rate: '0.0062' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/budget-rates/:rateId',
    expect: memberWrite(204),
    prepare: budgetRate,
  },
  // --- imports (strict queries refuse a share link's `share` parameter: 400) ---
  {
    method: 'POST',
    path: '/api/itineraries/:id/imports',
    expect: [401, 404, 400, 403, 201, 201, 404],
    send: sendImport,
  },
  { method: 'POST', path: '/api/imports', expect: signedIn(201, 400), send: sendImport },
  {
    method: 'POST',
    path: '/api/itineraries/:id/imports/lookup',
    expect: [401, 404, 400, 403, 200, 200, 404],
    payload: () => ({ text: 'Rome' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/imports/:importId',
    expect: memberRead(),
    prepare: importRow,
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/imports/:importId',
    expect: memberWrite(204),
    prepare: importRow,
  },
  { method: 'GET', path: '/api/itineraries/:id/routes', expect: linkRead },
];
