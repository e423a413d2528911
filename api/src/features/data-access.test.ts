import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../contract/source-files.test-helper.ts';
import { TABLE_OWNERS, type TableName } from './table-owners.ts';

/**
 * The data-access rules (docs/HOUSE-RULES.md "Server"; why: ARCHITECTURE.md "Features"): handlers
 * never touch the database, a table is written only by its owner (./table-owners.ts), repos are
 * plain functions of a connection, and that connection's type is declared once.
 */

/*
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

const srcDir = join(featuresDir, '..');
/** Every module of the server, by its path under api/src; tests make their own rows and are not modules. */
const serverModules = filesUnder(srcDir, (path) => path.endsWith('.ts') && !/\.test(?:-helper)?\.ts$/.test(path))
  .map((path) => relative(srcDir, path).split('\\').join('/'))
  .sort();
const sourceOf = (module: string) => withoutComments(readFileSync(join(srcDir, module), 'utf8'));

const TABLES = new Set<string>(Object.keys(TABLE_OWNERS));
/** Builder methods that change rows. */
const WRITE_METHODS = new Set([
  'insert',
  'update',
  'del',
  'delete',
  'increment',
  'decrement',
  'merge',
  'upsert',
  'truncate',
]);
/** SQL text that changes a table's rows: insert into t, update t, delete from t, merge into t, truncate t. */
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+"?([a-z_]+)"?/gi;
/** A query on a table named by a literal: db('users'), trx<Row>("users as u"), conn(`users`). */
const TABLE_CALL = /\(\s*(['"`])([a-z_]+)(?:\s+as\s+\w+)?\1\s*\)/g;

/** The index just past the bracket that closes the one at `open`, strings skipped. */
function closing(code: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
  const stack = [pairs[code[open]]];
  let i = open + 1;
  while (i < code.length && stack.length) {
    const c = code[i];
    if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < code.length && code[i] !== c) i += code[i] === '\\' ? 2 : 1;
    } else if (c === stack[stack.length - 1]) stack.pop();
    else if (c === '(' || c === '[' || c === '{') stack.push(pairs[c]);
    i++;
  }
  return i;
}

/** The methods chained onto the query that starts at `from`: .where(…).update(…) gives where, update. */
function chainedMethods(code: string, from: number): string[] {
  const methods: string[] = [];
  let i = from;
  for (;;) {
    const link = /^\s*[!?]?\s*\??\.\s*([A-Za-z_$][\w$]*)\s*(<)?/.exec(code.slice(i));
    if (!link) return methods;
    i += link[0].length;
    if (link[2]) i = closing(code, i - 1);
    const call = /^\s*\(/.exec(code.slice(i));
    if (!call) return methods;
    methods.push(link[1]);
    i = closing(code, i + call[0].length - 1);
  }
}

interface Write {
  module: string;
  table: TableName;
  how: string;
}

/** Each write in `source` on a table named by a literal: a builder chain that changes rows, or SQL text that does. */
export function writesIn(module: string, source: string): Write[] {
  const writes: Write[] = [];
  for (const call of source.matchAll(TABLE_CALL)) {
    const table = call[2];
    if (!TABLES.has(table)) continue;
    const write = chainedMethods(source, call.index + call[0].length).find((m) => WRITE_METHODS.has(m));
    if (write) writes.push({ module, table: table as TableName, how: `.${write}()` });
  }
  for (const raw of source.matchAll(RAW_WRITE)) {
    const table = raw[1].toLowerCase();
    if (TABLES.has(table))
      writes.push({ module, table: table as TableName, how: `SQL "${raw[0].replace(/\s+/g, ' ')}"` });
  }
  return writes;
}

const ownedBy = (module: string, owner: string) => module === owner || module.startsWith(`${owner}/`);
const describeWrite = ({ module, table, how }: Write) =>
  `${module} writes ${table} (${how}), which ${TABLE_OWNERS[table]} owns: call a function of the owner`;

describe('every table is written only by its owner', () => {
  const writes = serverModules.flatMap((module) => writesIn(module, sourceOf(module)));

  it('finds the writes', () => {
    expect(writes.length).toBeGreaterThan(50);
  });

  it('every write lives in the owning feature of its table', () => {
    const strays = writes.filter((w) => !ownedBy(w.module, TABLE_OWNERS[w.table]));
    expect(strays.map(describeWrite)).toEqual([]);
  });

  it('catches writes on a table, by builder and by SQL text, and lets reads be', () => {
    const caught = [
      "await db('users').where({ id }).update({ status: 'suspended' });",
      "await trx<UserRow>('users as u').where('u.id', id).del();",
      "await conn('bookings')\n  .insert(row)\n  .onConflict(['id'])\n  .merge(['status']);",
      "const [row] = await deps.db('payments').where({ reference }).first().then(() => db('sessions').delete());",
      "await db.raw('update users set status = ? where id = ?', [s, id]);",
      'await trx.raw(`INSERT INTO "reviews" (rating) values (?)`, [5]);',
      "await db.raw('delete from sessions where user_id = ?', [id]);",
      "await db('photos').where({ user_id: id }).where('position', '>', p).decrement('position', 1);",
    ];
    for (const code of caught) expect(writesIn('x.ts', code), code).not.toEqual([]);
    const allowed = [
      "const row = await db('users').where({ id }).first();",
      "const rows = await db('bookings as b').join('users as u', 'u.id', 'b.customer_id').select('b.id');",
      "await db.raw('select id from users where id = ? for update', [id]);",
      "await db('notaTable').insert({ x: 1 });",
      "await db.raw('insert into x_unknown values (1) on conflict (id) do update set n = 1');",
      "// db('users').update({ status }) in a comment",
    ];
    for (const code of allowed) expect(writesIn('x.ts', withoutComments(code)), code).toEqual([]);
  });

  it('names the module, the table and its owner when a write is out of place', () => {
    const [write] = writesIn('features/bookings/service.ts', "await trx('users').where({ id }).update({ x: 1 });");
    expect(ownedBy(write.module, TABLE_OWNERS[write.table])).toBe(false);
    expect(describeWrite(write)).toBe(
      'features/bookings/service.ts writes users (.update()), which features/accounts owns: call a function of the owner',
    );
    expect(ownedBy('features/accounts/users.ts', TABLE_OWNERS.users)).toBe(true);
    expect(ownedBy('features/accountsx/users.ts', TABLE_OWNERS.users)).toBe(false);
  });
});

/**
 * The repo modules: each feature's repo.ts, and the files that grew into repos under other names
 * (named in ./table-owners.ts).
 */
const DE_FACTO_REPOS = [
  'features/accounts/users.ts',
  'features/admin/queries.ts',
  'features/auth/sessions.ts',
  'features/auth/throttle.ts',
];
const repoModules = [...serverModules.filter((m) => m.endsWith('/repo.ts')), ...DE_FACTO_REPOS];

/** What a repo module must not hold: one repo style is plain functions whose first parameter is the connection. */
const OTHER_REPO_STYLES: [RegExp, string][] = [
  [/^export\s+(?:abstract\s+)?class\b/m, 'exports a class'],
  [/\(\s*\w+\s*:\s*Db\s*[,)]/, 'takes the pool (Db) where a connection (Conn) is meant'],
  [/\bDb\s*\|\s*Knex\.Transaction\b|\bKnex\.Transaction\s*\|\s*Db\b/, 'spells out Conn'],
];
/** An exported object, or a function's answer that is an object literal: `= {` or `=> ({`. */
const EXPORTED_OBJECT = /^export\s+const\s+\w+\s*(?::[^=\n]+)?=\s*(?:\{|\([^)]*\)\s*(?::[^=\n]+)?=>\s*\(\s*\{)/gm;
/** A member that is a function: `name: (…) =>`, `name: async (…) =>`, `name(…) {`, `async name(…) {`. */
const FUNCTION_MEMBER =
  /^\s*(?:\w+\s*:\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=\n]+)?=>|(?:async\s+)?\w+\s*\([^)]*\)\s*(?::[^{\n]+)?\{)/m;

function otherStylesIn(source: string): string[] {
  const found = OTHER_REPO_STYLES.filter(([pattern]) => pattern.test(source)).map(([, why]) => why);
  for (const object of source.matchAll(EXPORTED_OBJECT)) {
    const open = object.index + object[0].length - 1;
    if (FUNCTION_MEMBER.test(source.slice(open + 1, closing(source, open) - 1))) {
      found.push(`exports an object of functions: ${object[0].trim()}`);
    }
  }
  return found;
}

describe('one repo style: plain functions of a connection', () => {
  it('finds the repo modules', () => {
    expect(repoModules.length).toBeGreaterThan(10);
    for (const module of DE_FACTO_REPOS) expect(serverModules).toContain(module);
  });

  it.each(repoModules)('%s exports plain functions whose first parameter is the connection', (module) => {
    expect(otherStylesIn(sourceOf(module))).toEqual([]);
  });

  it('catches the other styles', () => {
    const caught = [
      'export class UsersRepo {}',
      'export const usersRepo = {\n  find: (conn: Conn, id: number) => conn(`users`).where({ id }).first(),\n};',
      'export const contactRepo = (db: Db): ContactRepo => ({\n  async insert(m) {},\n});',
      'export const eventsRepo = {\n  async issueTicket(conn: Conn, userId: number): Promise<string> {\n    return ``;\n  },\n};',
      'export const findUser = (db: Db, id: number) => db(`users`).where({ id }).first();',
      'export function findUser(db: Db | Knex.Transaction, id: number) {}',
    ];
    for (const code of caught) expect(otherStylesIn(code), code).not.toEqual([]);
    const allowed = [
      'export async function findUser(conn: Conn, id: number): Promise<UserRow | undefined> {}',
      'export const findUser = (conn: Conn, id: number) => conn(`users`).where({ id }).first();',
      'export const THROTTLE = { windowMs: 1000 } as const;',
      'export const toPhoto = ({ id, hash }: Row): Photo => ({\n  id: Number(id),\n  url: photoUrl(hash, `thumb`),\n});',
      'export async function lockUser(trx: Knex.Transaction, userId: number): Promise<void> {}',
    ];
    for (const code of allowed) expect(otherStylesIn(code), code).toEqual([]);
  });
});

describe('one Conn', () => {
  it('is declared only in api/src/db.ts; every other module imports it', () => {
    const declaring = serverModules.filter((module) =>
      /^\s*(?:export\s+)?(?:type|interface)\s+Conn\b/m.test(readFileSync(join(srcDir, module), 'utf8')),
    );
    expect(declaring).toEqual(['db.ts']);
  });
});
