import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema/auth';
import { fileObject, itinerary } from '../db/schema/itineraries';

/** What the installation holds, for the product gauges of the metrics. */
export interface ProductCounts {
  travellers: number;
  /** Trips not in the trash. */
  trips: number;
  files: number;
}

/** Counts the accounts, the trips out of the trash and the stored files, in one query. */
export async function productCounts(db: Db): Promise<ProductCounts> {
  const result = await db.execute<{ travellers: string; trips: string; files: string }>(sql`
    select
      (select count(*) from ${user}) as travellers,
      (select count(*) from ${itinerary} where ${itinerary.deletedAt} is null) as trips,
      (select count(*) from ${fileObject}) as files`);
  const [row] = result.rows;
  return {
    travellers: Number(row?.travellers ?? 0),
    trips: Number(row?.trips ?? 0),
    files: Number(row?.files ?? 0),
  };
}
