import { describeMatrix } from './matrix';
import { BOOKINGS_BUDGET_IMPORT_ROWS } from './bookings-budget.rows';

describeMatrix('bookings, budget and imports', BOOKINGS_BUDGET_IMPORT_ROWS);
