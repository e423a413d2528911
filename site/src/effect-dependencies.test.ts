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

/** The text of each `useEffect(…)` call in `source`, with the line it starts on. */
function effectsIn(source: string): { line: number; body: string }[] {
  const effects: { line: number; body: string }[] = [];
  for (let start = source.indexOf('useEffect('); start !== -1; start = source.indexOf('useEffect(', start + 1)) {
    let depth = 0;
    let end = start + 'useEffect'.length;
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')' && --depth === 0) break;
    }
    // Words in strings and comments are not calls.
    const body = source.slice(start, end).replace(/'[^'\n]*'|"[^"\n]*"|\/\/[^\n]*/g, '');
    effects.push({ line: source.slice(0, start).split('\n').length, body });
  }
  return effects;
}

/** A call that asks the server for data: lib/api.ts's readers, a store's load… or check…, or a refresh. */
const SERVER_READ = /\b(apiFetch|query|fetch|load[A-Z]\w*|check[A-Z]\w*|refresh)\s*[<(]/;

/**
 * Effects that start a read by themselves, per file: a read belongs in a store (`onMount`; the one
 * way to fill a `Load` is stores/load-store.ts). The one exception: the
 * push cards check this phone each time one appears, because the browser's permission can change
 * in its settings while the store stays watched, so a store's first watcher is not enough.
 */
const READS_IN_EFFECTS: Record<string, number> = { 'ui/PushCards.tsx': 2 };

describe('islands do not start server reads in effects', () => {
  it('only the push cards start a server read in an effect', () => {
    const found: Record<string, number> = {};
    for (const path of siteSource) {
      if (path.includes('/stores/')) continue;
      const reads = effectsIn(textOf(path)).filter(({ body }) => SERVER_READ.test(body)).length;
      if (reads > 0) found[where(path)] = reads;
    }
    // A new entry: read from a store.
    expect(found).toEqual(READS_IN_EFFECTS);
  });

  it('finds a read started in an effect, and not one started by a tap', () => {
    const source = [
      'useEffect(() => { void loadPhotos(id); }, [id]);',
      'useEffect(() => { heading.current?.focus(); }, []);',
      "useEffect(() => { setError(new Error('Failed to fetch (probe)')); }, []); // load(again) later",
      'const onClick = () => apiFetch(PATHS.save, { method: "POST" });',
    ].join('\n');
    expect(effectsIn(source).map(({ line, body }) => [line, SERVER_READ.test(body)])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });
});
