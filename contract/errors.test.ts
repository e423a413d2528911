import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './errors.ts';
import { filesUnder } from './source-files.test-helper.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourceFiles = (dir: string) =>
  filesUnder(join(root, dir), (path) => /\.tsx?$/.test(path) && !/\.test(-helper)?\.tsx?$/.test(path));

/** A `code: 'code'` field (a sentence with spaces is a message, not a code). */
const CODE_FIELD = /\bcode: '([^' ]*)'/g;
/** Where the API writes a code: `new HttpError(status, 'code'`, a field, a helper's last argument. */
const API_CODE_PLACES = [
  /new HttpError\(\s*[\w.]+,\s*'([^']*)'/g,
  CODE_FIELD,
  /\b(?:unauthorized|conflict)\((?:[^()]|\([^()]*\))*?,\s*'([^']*)'\s*\)/g,
];
/** Where the browser reads one: `code === 'code'` (the API's `code ===` are Node's and SQL's own). */
const BROWSER_CODE_PLACES = [CODE_FIELD, /\bcode [!=]== '([^']*)'/g];

function codesWritten(dir: string, places: RegExp[]): { code: string; where: string }[] {
  return sourceFiles(dir).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return places.flatMap((place) =>
      [...text.matchAll(place)].map((m) => ({ code: m[1], where: relative(root, path) })),
    );
  });
}

describe('contract/errors.ts', () => {
  it('lists each code once, in snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('knows its own codes and nothing else', () => {
    expect(isErrorCode('slot_taken')).toBe(true);
    expect(isErrorCode('SLOT_TAKEN')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('finds every code the API answers and the browser reads in the list', () => {
    const written = [...codesWritten('api/src', API_CODE_PLACES), ...codesWritten('site/src', BROWSER_CODE_PLACES)];
    // The scan finds the API's own refusals: an empty scan would pass anything.
    expect(written.filter((w) => w.where.startsWith('api/')).length).toBeGreaterThan(30);
    expect(written.filter((w) => !isErrorCode(w.code))).toEqual([]);
  });

  it('lists no code that the API never answers', () => {
    const apiText = sourceFiles('api/src')
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    expect(ERROR_CODES.filter((code) => !apiText.includes(`'${code}'`))).toEqual([]);
  });
});
