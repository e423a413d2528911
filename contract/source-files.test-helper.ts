import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** An API path written as text ('/api/…', "/api/…" or `/api/…`): it comes from a contract's `…_PATHS` instead. */
const API_PATH_LITERAL = /['"`]\/api\//;

/** Each line of `source` that writes an API path as text; comments may name paths. */
export const apiPathLiterals = (source: string): string[] =>
  source
    .split('\n')
    .flatMap((line, i) =>
      API_PATH_LITERAL.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line) ? [`line ${i + 1}: ${line.trim()}`] : [],
    );

/** A shape of code a "one module" guard refuses outside its module, and why (naming the helper to use). */
export type GuardRule = [RegExp, string];

/** Each line of `source` that a rule matches, with why. Comment lines may name anything. */
export function linesBreaking(source: string, rules: GuardRule[]): { line: number; why: string; code: string }[] {
  return source.split('\n').flatMap((code, i) => {
    const text = code.trim();
    if (text.startsWith('//') || text.startsWith('*') || text.startsWith('/*')) return [];
    return rules.filter(([rule]) => rule.test(code)).map(([, why]) => ({ line: i + 1, why, code: text }));
  });
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(?:ts|tsx|astro|js|mjs)$/;
const TEST = /\.(?:test|spec|test-helper)\.[a-z]+$/;
const PRODUCT_FOLDERS = ['contract', join('api', 'src'), join('site', 'src')];

/**
 * Every line a rule matches in the product's source (contract/, api/src/, site/src/, tests left
 * out) outside `module`, as "file:line: why, use module: code"; and how many files were read.
 */
export function linesOutsideModule(module: string, rules: GuardRule[]): { files: number; found: string[] } {
  const files = PRODUCT_FOLDERS.flatMap((dir) =>
    filesUnder(join(root, dir), (path) => SOURCE.test(path) && !TEST.test(path)).map((path) => relative(root, path)),
  ).filter((path) => path !== module);
  const found = files.flatMap((file) =>
    linesBreaking(readFileSync(join(root, file), 'utf8'), rules).map(
      ({ line, why, code }) => `${file}:${line}: ${why}, use ${module}: ${code}`,
    ),
  );
  return { files: files.length, found };
}
