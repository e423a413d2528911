import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../contract/source-files.test-helper.ts';

/**
 * Loads start in stores (nanostores' `onMount`), not in islands' effects (ARCHITECTURE.md
 * "Browser"): an effect that reads data is where the dependency rule gets silenced. The budget
 * is the count today; it may only go down, so when a change removes a suppression it lowers it too.
 */
const SUPPRESSION_BUDGET = 10;
const SUPPRESSION = 'biome-ignore lint/correctness/useExhaustiveDependencies';

const siteSource = filesUnder(
  'site/src',
  (path) => /\.(ts|tsx|astro)$/.test(path) && !/\.test(-helper)?\.ts$/.test(path),
);
const textOf = (path: string) => readFileSync(path, 'utf8');
const where = (path: string) => relative('site/src', path);

describe('loads start in stores', () => {
  it('the dependency-rule suppressions in site/src are exactly the budget', () => {
    const counts = siteSource
      .map((path) => [where(path), textOf(path).split(SUPPRESSION).length - 1] as const)
      .filter(([, count]) => count > 0);
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    // Above the budget: load from a store instead. Below it: lower SUPPRESSION_BUDGET to the new count.
    expect({ total, counts: Object.fromEntries(counts) }).toMatchObject({ total: SUPPRESSION_BUDGET });
  });

  it('the list of bookings (its GET) is read only by stores/bookings.ts', () => {
    const listPath = /\blistBookings\b/; // its route, from contract/bookings.ts
    const readers = siteSource.filter((path) => listPath.test(textOf(path))).map(where);
    expect(readers).toEqual(['stores/bookings.ts']);
  });
});
