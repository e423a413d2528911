import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiPathLiterals, filesUnder } from '../../../contract/source-files.test-helper.ts';

/**
 * The browser calls the API at the paths the API registers: each from its route's declaration,
 * filled by routePath (contract/api.ts), never written again as text (docs/HOUSE-RULES.md "Browser").
 * No file is let off. Tests are left out: they check the address a call goes to, written out on purpose.
 */
const siteSrc = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = filesUnder(siteSrc, (path) => /\.(ts|tsx|astro|mjs)$/.test(path) && !/\.test\.tsx?$/.test(path));

describe('the browser calls the API at contract paths', () => {
  it('finds the stores, islands and their parts', () => {
    expect(sources.filter((path) => /\/(islands|ui)\//.test(path)).length).toBeGreaterThan(50);
  });

  it.each(sources.map((path) => relative(siteSrc, path)))('%s writes no /api/ path as text', (file) => {
    expect(apiPathLiterals(readFileSync(join(siteSrc, file), 'utf8'))).toEqual([]);
  });
});
