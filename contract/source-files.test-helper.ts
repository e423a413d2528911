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

/** An API path written as text ('/api/…', "/api/…" or `/api/…`): it comes from a route's declaration (`route.path`) instead. */
const API_PATH_LITERAL = /['"`]\/api\//;

/** Each line of `source` that writes an API path as text; comments may name paths. */
export const apiPathLiterals = (source: string): string[] =>
  source
    .split('\n')
    .flatMap((line, i) =>
      API_PATH_LITERAL.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line) ? [`line ${i + 1}: ${line.trim()}`] : [],
    );
