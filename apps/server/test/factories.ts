import type { Booking } from '@jammy/shared/bookings';
import type { Expense } from '@jammy/shared/budget';
import type {
  Itinerary,
  ItineraryTree,
  ListItem,
  Note,
  Place,
  Stage,
  TripList,
} from '@jammy/shared/itineraries';
import type { Client } from './clients';
import { expectStatus } from './expect';

// Rows made through the API as `client` (a member who may write), failing the test otherwise;
// `values` override the defaults.

type Values = Record<string, unknown>;

export async function createItinerary(client: Client, values: Values = {}): Promise<Itinerary> {
  return expectStatus(await client.post('/api/itineraries', { title: 'A trip', ...values }), 201);
}

export async function createStage(client: Client, tripId: string, values: Values = {}) {
  const response = await client.post(`/api/itineraries/${tripId}/stages`, {
    title: 'A stage',
    ...values,
  });
  return expectStatus<Stage>(response, 201);
}

export async function createPlace(client: Client, tripId: string, values: Values = {}) {
  const response = await client.post(`/api/itineraries/${tripId}/places`, {
    name: 'A place',
    ...values,
  });
  return expectStatus<Place>(response, 201);
}

export async function createNote(client: Client, tripId: string, values: Values = {}) {
  const response = await client.post(`/api/itineraries/${tripId}/notes`, {
    title: 'A note',
    body: 'Some *markdown*',
    ...values,
  });
  return expectStatus<Note>(response, 201);
}

export async function createList(client: Client, tripId: string, values: Values = {}) {
  const response = await client.post(`/api/itineraries/${tripId}/lists`, {
    title: 'Packing',
    kind: 'packing',
    ...values,
  });
  return expectStatus<TripList>(response, 201);
}

export async function createListItem(
  client: Client,
  tripId: string,
  listId: string,
  text = 'Passport',
): Promise<ListItem> {
  const response = await client.post(`/api/itineraries/${tripId}/lists/${listId}/items`, { text });
  return expectStatus<ListItem>(response, 201);
}

export async function createBooking(client: Client, tripId: string, values: Values = {}) {
  const response = await client.post(`/api/itineraries/${tripId}/bookings`, {
    kind: 'accommodation',
    title: 'Hotel',
    confirmationCode: 'ABC123',
    ...values,
  });
  return expectStatus<Booking>(response, 201);
}

/** An expense paid by `client`'s account and split to it alone. */
export async function createExpense(client: Client, tripId: string, values: Values = {}) {
  const payer = client.account?.id ?? '';
  const response = await client.post(`/api/itineraries/${tripId}/expenses`, {
    title: 'Dinner',
    amountMinor: 3000,
    currency: 'EUR',
    date: '2027-05-01',
    category: 'food',
    paidBy: payer,
    split: { mode: 'equal', userIds: [payer] },
    // The trip's currency may differ (it defaults from the owner's language).
    rate: '1.08',
    ...values,
  });
  return expectStatus<Expense>(response, 201);
}

export async function getTree(client: Client, tripId: string): Promise<ItineraryTree> {
  return expectStatus<ItineraryTree>(await client.get(`/api/itineraries/${tripId}`), 200);
}

export async function getLists(client: Client, tripId: string): Promise<TripList[]> {
  const page = expectStatus<{ items: TripList[] }>(
    await client.get(`/api/itineraries/${tripId}/lists`),
    200,
  );
  return page.items;
}
