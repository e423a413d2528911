import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../contract/source-files.test-helper.ts';

/**
 * The data-access rules (docs/HOUSE-RULES.md "Server"; why: ARCHITECTURE.md "Features"): repos are
 * plain functions of a connection, and that connection's type is declared once. That handlers never
 * touch the database and that a table is written only by its owner are checked on the syntax tree
 * (contract/guards/guards.test.ts).
 */

/** Comments may name queries; only code counts. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Every module of the server, by its path under api/src; tests make their own rows and are not modules. */
const serverModules = filesUnder(srcDir, (path) => path.endsWith('.ts') && !/\.test(?:-helper)?\.ts$/.test(path))
  .map((path) => relative(srcDir, path).split('\\').join('/'))
  .sort();
const sourceOf = (module: string) => withoutComments(readFileSync(join(srcDir, module), 'utf8'));

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
