// npm run seed:scale [-- ITINERARIES]: fills the database of DATABASE_URL (or the embedded
// one in DATA_DIR) with many trips, for the scale checks. Use a database of its own.
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedScale } from '../src/db/seed-scale';
import { createLogger } from '../src/lib/logger';

const itineraries = Number(process.argv[2] ?? process.env.SCALE_ITINERARIES ?? 1_000_000);
if (!Number.isInteger(itineraries) || itineraries < 1) {
  console.error(
    'Give the number of itineraries as a whole number, e.g. npm run seed:scale -- 1000000',
  );
  process.exit(1);
}
const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
const database = await openDatabase(config, createLogger(config));
try {
  await runMigrations(database.pool);
  const started = performance.now();
  await seedScale(database.pool, { itineraries });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Added ${itineraries.toLocaleString('en')} itineraries in ${seconds} s.`);
} finally {
  await database.close();
}
