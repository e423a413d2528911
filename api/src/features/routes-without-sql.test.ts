import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md "Features": a handler validates, calls a service and answers; knex lives in the
 * feature's repo.ts (queries) and service.ts (rules, transactions). Passing `deps.db` or `db` on to
 * a service is fine; calling it is not. Each pattern is something only a query does.
 */
const KNEX_IMPORT = /\bfrom\s+['"]knex['"]|\b(?:require|import)\(\s*['"]knex['"]\s*\)/;
const QUERY_PATTERNS: [RegExp, string][] = [
  [/\b(?:db|trx|knex)\s*(?:<[^<>()]*>)?\s*\(/, 'calls the database as a function (a query on a table)'],
  [/\b(?:db|trx|knex)\s*\.\s*[A-Za-z_$]/, 'uses a member of the database (raw, transaction, fn, schema …)'],
  [/\btrx\b/, 'holds a transaction'],
  [/\.\s*(?:transaction|raw|whereRaw|joinRaw|orderByRaw|forUpdate|onConflict|returning)\s*\(/, 'builds a query'],
  [/(?<!\b(?:Array|Buffer|Uint8Array|Object|Promise))\.\s*from\s*\(/, 'reads from a table'],
];

/** Comments may name queries; only code counts. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
/** Strings emptied, so an import path ('../../db.ts') or an address ('/api/db') is not mistaken for code; `db('users')` stays a call. */
const withoutStrings = (line: string) =>
  line.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");

/** Each line of `source` that touches the database, with why. */
function queriesIn(source: string): string[] {
  return withoutComments(source)
    .split('\n')
    .flatMap((line, i) => {
      const code = withoutStrings(line);
      const found = [
        ...(KNEX_IMPORT.test(line) ? ['imports knex'] : []),
        ...QUERY_PATTERNS.filter(([pattern]) => pattern.test(code)).map(([, why]) => why),
      ];
      return found.map((why) => `line ${i + 1}: ${why}: ${line.trim()}`);
    });
}

const featuresDir = dirname(fileURLToPath(import.meta.url));
const routeFiles = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(featuresDir, dir.name))
      .filter((file) => file === 'routes.ts')
      .map((file) => join(dir.name, file)),
  );

describe('no routes.ts touches the database', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it.each(routeFiles)('%s calls services only', (file) => {
    expect(queriesIn(readFileSync(join(featuresDir, file), 'utf8'))).toEqual([]);
  });

  it('catches real queries and lets the database be passed on', () => {
    const caught = [
      "import type { Knex } from 'knex';",
      "await db('users').where({ id }).update({ x: 1 });",
      "await deps.db('users').where({ id }).first();",
      "const row = await db<PaymentRow>('payments').where({ reference }).first();",
      'await db.transaction(async (t) => t.commit());',
      "await deps.db.raw('select 1');",
      "await trx('payments').insert(row);",
      "const rows = await knex.select('*').from('users');",
      "await connection.transaction(async (t) => t('users').delete());",
      "const q = builder.whereRaw('lower(email) = ?', [email]);",
      "const q = builder.from('users');",
    ];
    for (const line of caught) expect(queriesIn(line), line).not.toEqual([]);
    const allowed = [
      'ctx.body = await findBookings(deps.db, ctx.state.user.id, { status });',
      'const { db, clock } = deps;',
      'await createPaymentIntent(deps, user, type, purpose, deps.db, { months });',
      'const page = await searchProfessionals(db, { q: f.q, limit: 10, now: clock.now() });',
      "// a comment may say db('users') or db.transaction(…)",
      '/** so may a doc comment: trx(`payments`) */',
      'const bytes = Buffer.from(text); const list = Array.from(set);',
      "router.get('/api/dev/mailbox', async (ctx) => {});",
      'const dbName = config.database; const sandbox = payments.name;',
      "import { isEmbedded } from '../../db.ts';",
    ];
    for (const line of allowed) expect(queriesIn(line), line).toEqual([]);
  });
});
