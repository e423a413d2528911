import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../contract/source-files.test-helper.ts';

/**
 * Every JSON answer a route gives is checked against its contract type where it is written:
 * `ctx.body = { … } satisfies XAnswer` (contract/), so the browser's reading of it and the API's
 * writing of it cannot drift apart (docs/HOUSE-RULES.md "Server").
 */

/** Answers that are not JSON, by file and statement, with why. */
const NOT_JSON: Record<string, string> = {
  'events/routes.ts: ctx.body = events.open(taken.userId, taken.sessionHash, byAddress(ctx), after);':
    'the live stream of events (text/event-stream); its events are typed in contract/events.ts',
  'contact/routes.ts: ctx.body = encodedPage(ctx, html);':
    "the support form's answers to a plain form post: pages, for a phone with no JavaScript (contact/pages.ts)",
  'local-control/routes.ts: ctx.body = await backupNow(deps);': 'a gzip snapshot of the embedded database',
  'metrics/routes.ts: ctx.body = text;': "Prometheus's text format for the operator's scraper",
  'photos/routes.ts: ctx.body = found.bytes;': "a photo's WebP bytes",
  'privacy/routes.ts: ctx.body = JSON.stringify(data, null, 2);':
    'a file to download, indented to be read by a person; exportUserData gives its type',
  'user-data/routes.ts: ctx.body = json;':
    'a dashboard record serialised once and kept as text by the read cache; its record types are in contract/',
  'verification/routes.ts: ctx.body = file.bytes;': "a verification document's own bytes",
};

/** JSON answers not typed yet: none. Kept so a new untyped answer fails with its name. */
const UNTYPED_BUDGET = 0;

const featuresDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'features');
const ROUTE_REGISTRATION = /\brouter\.(?:get|post|put|patch|delete)\s*(?:<[^>]*>)?\(/;
const routeFiles = filesUnder(featuresDir, (path) => path.endsWith('.ts') && !path.endsWith('.test.ts')).filter(
  (path) => ROUTE_REGISTRATION.test(readFileSync(path, 'utf8')),
);

/** Each `ctx.body = …;` statement of `source`, whole (to the `;` outside brackets and strings). */
function answerStatements(source: string): string[] {
  const statements: string[] = [];
  for (let start = source.indexOf('ctx.body ='); start !== -1; start = source.indexOf('ctx.body =', start + 1)) {
    let depth = 0;
    let quote: string | null = null;
    let end = start;
    for (; end < source.length; end++) {
      const c = source[end];
      if (quote) {
        if (c === '\\') end++;
        else if (c === quote) quote = null;
      } else if (c === "'" || c === '"' || c === '`') quote = c;
      else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      else if (c === ';' && depth === 0) break;
    }
    statements.push(source.slice(start, end + 1));
  }
  return statements;
}

const typed = (statement: string) => /\bsatisfies\s+[A-Z]\w*(?:<[^;]*>)?\s*;$/.test(statement.replace(/\s+/g, ' '));

/** "file: first line" for each answer not typed with satisfies. */
function untypedAnswers(): string[] {
  return routeFiles.flatMap((path) =>
    answerStatements(readFileSync(path, 'utf8'))
      .filter((statement) => !typed(statement))
      .map((statement) => `${relative(featuresDir, path)}: ${statement.split('\n')[0].trim()}`),
  );
}

describe('answers are typed with satisfies their contract type', () => {
  it('finds the route files and their answers', () => {
    expect(routeFiles.length).toBeGreaterThan(15);
    expect(routeFiles.flatMap((path) => answerStatements(readFileSync(path, 'utf8'))).length).toBeGreaterThan(50);
  });

  it('types every JSON answer, within the budget of untyped ones and no more than it', () => {
    const untyped = untypedAnswers();
    const listed = untyped.filter((answer) => answer in NOT_JSON);
    expect(
      Object.keys(NOT_JSON).filter((answer) => !listed.includes(answer)),
      'listed but typed or gone',
    ).toEqual([]);
    const unlisted = untyped.filter((answer) => !(answer in NOT_JSON));
    // Above the budget: type the new answer. Below it: lower UNTYPED_BUDGET to the count.
    expect(unlisted.length, unlisted.join('\n')).toBe(UNTYPED_BUDGET);
  });

  it('reads a whole statement, and tells a typed answer from an untyped one', () => {
    const source = `ctx.body = { a: ';', b: [1, 2] } satisfies Ok;\nctx.body = {\n  success: true,\n};\nctx.body = (await f(x)) satisfies Thing<number>;`;
    const statements = answerStatements(source);
    expect(statements).toHaveLength(3);
    expect(statements.map(typed)).toEqual([true, false, true]);
    expect(typed('ctx.body = { note: "satisfies X" };')).toBe(false);
  });
});
