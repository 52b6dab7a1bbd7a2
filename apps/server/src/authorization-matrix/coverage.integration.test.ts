import { describe, expect } from 'vitest';
import { serverTest } from '../../test/fixture';
import { ACCOUNT_ROWS } from './account.rows';
import { BOOKINGS_BUDGET_IMPORT_ROWS } from './bookings-budget.rows';
import { DAY_ROWS } from './days.rows';
import { FILE_ROWS } from './files.rows';
import { INBOX_ROWS } from './inbox.rows';
import { appRoutes, routeOf } from './matrix';
import { PRESET_SHOP_ROWS } from './presets-shop.rows';
import { SHARING_ROWS } from './sharing.rows';
import { TRIP_ROWS } from './trips.rows';

const test = serverTest();

const TABLE = [
  ...TRIP_ROWS,
  ...SHARING_ROWS,
  ...ACCOUNT_ROWS,
  ...PRESET_SHOP_ROWS,
  ...FILE_ROWS,
  ...BOOKINGS_BUDGET_IMPORT_ROWS,
  ...DAY_ROWS,
  ...INBOX_ROWS,
];

describe('authorisation matrix', () => {
  test('has a row for every route of the app, and only for those', ({ app }) => {
    const table = TABLE.map(routeOf).sort();
    expect(new Set(table).size).toBe(table.length);
    expect(appRoutes(app)).toEqual(table);
  });
});
