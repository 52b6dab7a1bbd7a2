import { ACCOUNT_ROWS } from './account.rows';
import { BOOKINGS_BUDGET_IMPORT_ROWS } from './bookings-budget.rows';
import { FILE_ROWS } from './files.rows';
import { PRESET_SHOP_ROWS } from './presets-shop.rows';
import { SHARING_ROWS } from './sharing.rows';
import { describeTokenMatrix } from './token-matrix';
import { TRIP_ROWS } from './trips.rows';

describeTokenMatrix('trips', TRIP_ROWS);
describeTokenMatrix('sharing', SHARING_ROWS);
describeTokenMatrix('account', ACCOUNT_ROWS);
describeTokenMatrix('presets and shop', PRESET_SHOP_ROWS);
describeTokenMatrix('files', FILE_ROWS);
describeTokenMatrix('bookings, budget and imports', BOOKINGS_BUDGET_IMPORT_ROWS);
