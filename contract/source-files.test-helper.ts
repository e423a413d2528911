import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Installed and built folders: no guard test reads them. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.astro']);

/** Every file below `dir` that `keep` accepts: the walk the guard tests reading source text share. */
export function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}
