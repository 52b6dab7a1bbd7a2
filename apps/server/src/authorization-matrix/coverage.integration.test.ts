import { describe, expect } from 'vitest';
import { serverTest } from '../../test/fixture';
import { ACCOUNT_ROWS } from './account.rows';
import { BOOKINGS_BUDGET_IMPORT_ROWS } from './bookings-budget.rows';
import { DAY_ROWS } from './days.rows';
import { FILE_ROWS } from './files.rows';
import { INBOX_ROWS } from './inbox.rows';
import { appRoutes, MATRIX_ENV, routeOf } from './matrix';
import { MCP_ROWS } from './mcp.rows';
import { PRESET_SHOP_ROWS } from './presets-shop.rows';
import { SHARING_ROWS } from './sharing.rows';
import { TRIP_ROWS } from './trips.rows';

const test = serverTest({ env: MATRIX_ENV });

const TABLE = [
  ...TRIP_ROWS,
  ...SHARING_ROWS,
  ...ACCOUNT_ROWS,
  ...PRESET_SHOP_ROWS,
  ...FILE_ROWS,
  ...BOOKINGS_BUDGET_IMPORT_ROWS,
  ...DAY_ROWS,
  ...INBOX_ROWS,
  ...MCP_ROWS,
];

describe('authorisation matrix', () => {
  test('has a row for every route of the app, and only for those', ({ app }) => {
    const table = TABLE.map(routeOf).sort();
    expect(new Set(table).size).toBe(table.length);
    expect(appRoutes(app)).toEqual(table);
  });
});
