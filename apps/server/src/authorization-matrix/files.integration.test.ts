import { describeMatrix } from './matrix';
import { FILE_ROWS } from './files.rows';

describeMatrix('photos, attachments and file storage', FILE_ROWS);
