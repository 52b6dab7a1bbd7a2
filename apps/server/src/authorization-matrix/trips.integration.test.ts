import { describeMatrix } from './matrix';
import { TRIP_ROWS } from './trips.rows';

describeMatrix('trips', TRIP_ROWS);
