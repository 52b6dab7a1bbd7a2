import { z } from 'zod';

import { UUID_V7 } from './uuid';

export { isUuidV7 } from './uuid';

/** Zod schema of an id (UUIDv7). */
export const idSchema = z.string().regex(UUID_V7, 'must be a UUIDv7 id');
