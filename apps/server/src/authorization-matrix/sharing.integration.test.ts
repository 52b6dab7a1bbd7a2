import { describeMatrix } from './matrix';
import { SHARING_ROWS } from './sharing.rows';

describeMatrix('sharing and exports', SHARING_ROWS);
