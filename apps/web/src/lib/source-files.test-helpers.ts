import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The app's TypeScript files under `dir`, for tests that read the code itself (what it imports,
 * what it names); its tests among them unless `tests` is false.
 */
export function sourceFiles(dir: string, { tests = true }: { tests?: boolean } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file, { tests });
    if (!tests && /\.test\.tsx?$/.test(entry.name)) return [];
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
