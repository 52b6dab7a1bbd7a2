// npm run backup [-- FILE_OR_FOLDER]: one consistent backup file of a Jammy (running or not):
// the database of DATABASE_URL (or the embedded one in DATA_DIR) and DATA_DIR/files.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeBackup } from '../src/backup/backup';
import { openForBackup } from '../src/backup/maintenance-database';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';

const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const defaultName = `jammy-${stamp}.backup.gz`;
const argument = process.argv[2] ?? process.env.BACKUP_FILE ?? '.';
const outFile =
  existsSync(argument) && statSync(argument).isDirectory()
    ? path.join(argument, defaultName)
    : argument;

const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
try {
  const database = await openForBackup(config, createLogger(config));
  try {
    const started = performance.now();
    const summary = await writeBackup({
      pool: database.pool,
      filesDir: database.filesDir,
      outFile,
    });
    const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${rows} rows of ${Object.keys(summary.tables).length} tables and ${summary.files} files (${summary.bytes} bytes) to ${path.resolve(outFile)} in ${seconds} s.`,
    );
    if (!database.filesDir) {
      console.log(
        'Files are kept in an S3-compatible store: back it up with the store’s own tools.',
      );
    }
    if (summary.missingFiles.length > 0) {
      console.warn(
        `${summary.missingFiles.length} files were deleted while the backup ran; their rows are in it, their bytes are not.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  // Not exitCode: the embedded PostgreSQL package's exit hook would end the process with 0.
  process.exit(1);
}
