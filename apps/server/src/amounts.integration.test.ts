import type { Booking } from '@jammy/shared/bookings';
import type { BudgetLine, Expense } from '@jammy/shared/budget';
import { MAX_AMOUNT_MINOR } from '@jammy/shared/fields';
import type { Itinerary, Place } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import {
  call,
  createItinerary,
  createPlace,
  expectFieldError,
  expectStatus,
  type SignedInUser,
} from '../test/itinerary-helpers';
import { createProduct, premiumPresets } from '../test/shop-helpers';
import { serverTest } from '../test/fixture';

const test = serverTest({ mail: 'outbox' });

// Amounts travel as integers of the currency's minor unit in every request (docs/decisions/
// 031-typed-amounts.md): what a person typed is read on their device. Anything else a client
// sends as an amount is a 400 naming the field, on every resource that has one: never
// rounded, never stored as nothing, never a 500.

/** Amounts no client may send: negative, a fraction, text as typed, too large, not finite. */
const BAD_AMOUNTS: unknown[] = [-1, -0.5, 12.5, '612.40', '45,90', MAX_AMOUNT_MINOR + 1, 1e300];

let owner: SignedInUser;
let admin: SignedInUser;
let trip: Itinerary;

test.beforeAll(async ({ server }) => {
  [owner, admin] = await Promise.all([
    server.traveller({ label: 'amounts-owner' }),
    server.admin('amounts-admin'),
  ]);
  trip = await createItinerary(server, owner, { currency: 'EUR' });
});

const base = () => `/api/itineraries/${trip.id}`;

describe('an amount that is not whole minor units is refused, naming the field', () => {
  test('on a booking’s cost, created and changed', async ({ server }) => {
    const booking = expectStatus<Booking>(
      await call(server, owner, 'POST', `${base()}/bookings`, {
        payload: { kind: 'other', title: 'Boat', costMinor: 61_240, currency: 'EUR' },
      }),
      201,
    );
    expect(booking.costMinor).toBe(61_240);
    for (const costMinor of BAD_AMOUNTS) {
      expectFieldError(
        await call(server, owner, 'POST', `${base()}/bookings`, {
          payload: { kind: 'other', title: 'Boat', costMinor, currency: 'EUR' },
        }),
        'costMinor',
      );
      expectFieldError(
        await call(server, owner, 'PATCH', `${base()}/bookings/${booking.id}`, {
          payload: { costMinor, version: booking.version },
        }),
        'costMinor',
      );
    }
    // A cost without its currency is refused on the currency, never stored as no cost.
    expectFieldError(
      await call(server, owner, 'POST', `${base()}/bookings`, {
        payload: { kind: 'other', title: 'Boat', costMinor: 4590 },
      }),
      'currency',
    );
  });

  test('on a place’s cost, created and changed', async ({ server }) => {
    const place: Place = await createPlace(server, owner, trip.id, {
      costMinor: 4590,
      currency: 'EUR',
    });
    expect(place.costMinor).toBe(4590);
    for (const costMinor of BAD_AMOUNTS) {
      expectFieldError(
        await call(server, owner, 'POST', `${base()}/places`, {
          payload: { name: 'Gelato', costMinor, currency: 'EUR' },
        }),
        'costMinor',
      );
      expectFieldError(
        await call(server, owner, 'PATCH', `${base()}/places/${place.id}`, {
          payload: { costMinor, version: place.version },
        }),
        'costMinor',
      );
    }
  });

  test('on an expense, its exact split, and a planned amount', async ({ server }) => {
    const expenseBody = (amountMinor: unknown) => ({
      title: 'Dinner',
      amountMinor,
      currency: 'EUR',
      date: '2027-05-01',
      category: 'food',
      paidBy: owner.id,
      split: { mode: 'equal', userIds: [owner.id] },
    });
    const expense = expectStatus<Expense>(
      await call(server, owner, 'POST', `${base()}/expenses`, { payload: expenseBody(12_000) }),
      201,
    );
    const line = expectStatus<BudgetLine>(
      await call(server, owner, 'POST', `${base()}/budget-lines`, {
        payload: { category: 'food', amountMinor: 20_000 },
      }),
      201,
    );
    for (const amountMinor of BAD_AMOUNTS) {
      expectFieldError(
        await call(server, owner, 'POST', `${base()}/expenses`, {
          payload: expenseBody(amountMinor),
        }),
        'amountMinor',
      );
      expectFieldError(
        await call(server, owner, 'PATCH', `${base()}/expenses/${expense.id}`, {
          payload: { amountMinor, version: expense.version },
        }),
        'amountMinor',
      );
      expectFieldError(
        await call(server, owner, 'POST', `${base()}/expenses`, {
          payload: {
            ...expenseBody(12_000),
            split: { mode: 'exact', amounts: [{ userId: owner.id, amountMinor }] },
          },
        }),
        'split.amounts.0.amountMinor',
      );
      expectFieldError(
        await call(server, owner, 'POST', `${base()}/budget-lines`, {
          payload: { category: 'food', amountMinor },
        }),
        'amountMinor',
      );
      expectFieldError(
        await call(server, owner, 'PATCH', `${base()}/budget-lines/${line.id}`, {
          payload: { amountMinor, version: line.version },
        }),
        'amountMinor',
      );
    }
  });

  test('on a product’s price, created and changed', async ({ server }) => {
    const presetIds = await premiumPresets(server, 1);
    const product = await createProduct(server, admin, presetIds, { priceMinor: 1900 });
    expect(product.priceMinor).toBe(1900);
    for (const priceMinor of BAD_AMOUNTS) {
      expectFieldError(
        await call(server, admin, 'POST', '/api/admin/shop/products', {
          payload: {
            title: 'Premium',
            description: '',
            priceMinor,
            currency: 'EUR',
            presetIds,
            active: true,
          },
        }),
        'priceMinor',
      );
      expectFieldError(
        await call(server, admin, 'PATCH', `/api/admin/shop/products/${product.id}`, {
          payload: { priceMinor, version: product.version },
        }),
        'priceMinor',
      );
    }
  });
});
