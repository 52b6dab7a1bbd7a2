import { describeMatrix } from './matrix';
import { ACCOUNT_ROWS } from './account.rows';

describeMatrix('the account, public information, administration and contact', ACCOUNT_ROWS);
