import { describeMatrix } from './matrix';
import { DAY_ROWS } from './days.rows';

describeMatrix('day plans', DAY_ROWS);
