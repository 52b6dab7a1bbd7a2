import { describeMatrix } from './matrix';
import { PRESET_SHOP_ROWS } from './presets-shop.rows';

describeMatrix('Jammy itineraries and the shop', PRESET_SHOP_ROWS);
