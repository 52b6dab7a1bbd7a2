// npm run restore -- FILE: restores a backup of `npm run backup` into an empty DATA_DIR (a new
// embedded PostgreSQL) or an empty database at DATABASE_URL.
import { existsSync } from 'node:fs';
import { openForRestore } from '../src/backup/maintenance-database';
import { restoreBackup } from '../src/backup/restore';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(
    file ? `There is no file ${file}.` : 'Name the backup file: npm run restore -- FILE',
  );
  process.exit(1);
}
const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
try {
  const database = await openForRestore(config, createLogger(config));
  try {
    const started = performance.now();
    const summary = await restoreBackup({ file, pool: database.pool, filesDir: database.filesDir });
    const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${rows} rows and ${summary.files} files in ${seconds} s.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  // Not exitCode: the embedded PostgreSQL package's exit hook would end the process with 0.
  process.exit(1);
}
