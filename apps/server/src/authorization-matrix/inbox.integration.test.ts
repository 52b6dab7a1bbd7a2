import { describeMatrix } from './matrix';
import { INBOX_ROWS } from './inbox.rows';

describeMatrix('the booking inbox', INBOX_ROWS);
