import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../contract/source-files.test-helper.ts';

/**
 * Islands stay small (docs/HOUSE-RULES.md "Browser"): an island is split along the lines its
 * stores draw, one component per step or section and its logic in small `.ts` modules, so each
 * part can be read and tested alone (docs/RECIPES.md "Add an island").
 */
const FILE_LIMIT = 250;
/** A component (a top-level `function` of a `.tsx` file, the way islands write them). */
const FUNCTION_LIMIT = 150;

/**
 * The files and components not split yet, each with a ceiling of its own (a little above its size,
 * so it cannot grow much) and why it waits. An entry whose file or component is back under the
 * common limit fails the test: take it out.
 */
const FILE_EXEMPTIONS: Record<string, { limit: number; why: string }> = {
  'Reports/JobTrust.tsx': {
    limit: 356,
    why: "problem reports: not split yet (the report form's fields are the kit's)",
  },
  'AdminConsole/ReportsTab.tsx': { limit: 330, why: "the administrators' report review: not split yet" },
  'Reschedule/BookingTime.tsx': { limit: 302, why: 'the reschedule picker: not split yet' },
  'AdminConsole/UserDialog.tsx': { limit: 280, why: "an account's dialog: not split yet" },
};
const FUNCTION_EXEMPTIONS: Record<string, { limit: number; why: string }> = {
  'AdminConsole/ReportsTab.tsx ReportDetail': { limit: 210, why: 'one report with its actions: not split yet' },
  'AffiliateWizard/AffiliateWizard.tsx SignupForm': { limit: 200, why: 'one form; the forms kit is to shorten it' },
};

const islands = fileURLToPath(new URL('.', import.meta.url));

/** Each `.tsx` file under islands/ (relative to it) with its lines. */
const files = filesUnder(islands, (path) => path.endsWith('.tsx')).map((path) => ({
  name: relative(islands, path).split('\\').join('/'),
  lines: readFileSync(path, 'utf8').split('\n'),
}));

/**
 * The length in lines of each top-level function of a file: from its `function` line to the `}`
 * that closes it at the start of a line (the formatter puts it there).
 */
function functionLengths(lines: string[]): Map<string, number> {
  const lengths = new Map<string, number>();
  let open: { name: string; start: number } | null = null;
  lines.forEach((line, i) => {
    const declared = /^(?:export )?(?:default )?(?:async )?function (\w+)/.exec(line);
    if (declared) open = { name: declared[1], start: i };
    else if (open && line === '}') {
      lengths.set(open.name, i - open.start + 1);
      open = null;
    }
  });
  return lengths;
}

const lineCount = (lines: string[]) => lines.length - (lines.at(-1) === '' ? 1 : 0);

describe('islands stay small', () => {
  it(`no .tsx file under site/src/islands is longer than ${FILE_LIMIT} lines, but for the named ones`, () => {
    const tooLong = files
      .map(({ name, lines }) => ({ name, length: lineCount(lines), limit: FILE_EXEMPTIONS[name]?.limit ?? FILE_LIMIT }))
      .filter(({ length, limit }) => length > limit)
      .map(({ name, length, limit }) => `${name}: ${length} lines (limit ${limit})`);
    expect(tooLong).toEqual([]);
  });

  it(`no component of an island is longer than ${FUNCTION_LIMIT} lines, but for the named ones`, () => {
    const tooLong = files.flatMap(({ name, lines }) =>
      [...functionLengths(lines)]
        .map(([fn, length]) => ({ key: `${name} ${fn}`, length }))
        .filter(({ key, length }) => length > (FUNCTION_EXEMPTIONS[key]?.limit ?? FUNCTION_LIMIT))
        .map(({ key, length }) => `${key}: ${length} lines`),
    );
    expect(tooLong).toEqual([]);
  });

  it('names no exemption that is no longer needed', () => {
    const byName = new Map(files.map(({ name, lines }) => [name, lines]));
    const staleFiles = Object.keys(FILE_EXEMPTIONS).filter((name) => {
      const lines = byName.get(name);
      return !lines || lineCount(lines) <= FILE_LIMIT;
    });
    const staleFunctions = Object.keys(FUNCTION_EXEMPTIONS).filter((key) => {
      const [name, fn] = key.split(' ');
      const length = functionLengths(byName.get(name) ?? []).get(fn);
      return length === undefined || length <= FUNCTION_LIMIT;
    });
    expect([...staleFiles, ...staleFunctions]).toEqual([]);
  });

  it('measures a component from its function line to the brace that closes it', () => {
    const source = ['import x from "y";', 'export function Card() {', '  if (x) {', '  }', '  return 1;', '}', ''];
    expect(functionLengths(source)).toEqual(new Map([['Card', 5]]));
    expect(lineCount(source)).toBe(6);
  });
});
