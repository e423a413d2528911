import ts from 'typescript';
import { TABLE_OWNERS, type TableName } from '../../api/src/features/table-owners.ts';
import {
  calleeName,
  type Finding,
  lineOf,
  memberName,
  type Project,
  type Source,
  unwrap,
  walk,
} from './source-tree.test-helper.ts';

/*
 * The server's data-access rules (docs/HOUSE-RULES.md "Server"; why: ARCHITECTURE.md "Features"),
 * each on the syntax tree of api/src and api/seeds.
 */

const TABLES = new Set<string>(Object.keys(TABLE_OWNERS));
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
/** Query builder methods: a table named in one of them (a join, a where) is read, not queried from. */
const BUILDER_METHOD =
  /^(?:where\w*|orWhere\w*|andWhere\w*|\w*[jJ]oin|on\w*|select|first|pluck|orderBy\w*|groupBy\w*|having\w*|count\w*|sum\w*|min|max|avg\w*|distinct\w*|returning|column|columns|as|with\w*|union\w*|hasTable|hasColumn|ref|includes|has|get|set|push|add|startsWith|endsWith|test|replace|split|join)$/;
/** Methods that name the table a query writes: `insert(row).into('t')`, `table('t')`. */
const TABLE_METHODS = new Set(['into', 'table', 'from']);
/** SQL text that changes a table's rows. */
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+"?([a-z_]+)"?/gi;

/** The module's path under api/src (api/seeds keeps its own path, owned by no feature). */
export const moduleOf = (path: string) => (path.startsWith('api/src/') ? path.slice('api/src/'.length) : path);
export const ownedBy = (module: string, owner: string) => module === owner || module.startsWith(`${owner}/`);

export interface Write {
  path: string;
  line: number;
  table: TableName | '?';
  how: string;
}

/** The methods of the chain a query call sits in: `db('t').where(…).update(…)` from `db('t')` gives where, update. */
function chainAbove(node: ts.Expression): string[] {
  const methods: string[] = [];
  let e: ts.Node = node;
  for (;;) {
    let p = e.parent;
    while (p && (ts.isParenthesizedExpression(p) || ts.isNonNullExpression(p) || ts.isAsExpression(p))) p = p.parent;
    if (!p || !(ts.isPropertyAccessExpression(p) && p.expression === e) || !ts.isCallExpression(p.parent))
      return methods;
    methods.push(p.name.text);
    e = p.parent;
  }
}

/** The methods called before this one in its chain: `trx.insert(row).into('t')` from `into` gives insert. */
function chainBelow(call: ts.CallExpression): string[] {
  const methods: string[] = [];
  let e = unwrap(call.expression);
  while (ts.isPropertyAccessExpression(e)) {
    const inner = unwrap(e.expression);
    if (!ts.isCallExpression(inner)) break;
    const name = calleeName(inner);
    if (name) methods.push(name);
    e = unwrap(inner.expression);
  }
  return methods;
}

/** Where a query kept in a variable goes on: `const q = db('t'); q.update(…)` gives update. */
function chainThroughVariable(source: Source, query: ts.Expression): string[] {
  let top: ts.Node = query;
  while (
    ts.isPropertyAccessExpression(top.parent) ||
    (ts.isCallExpression(top.parent) && top.parent.expression === top)
  )
    top = top.parent;
  const holder = ts.isAwaitExpression(top.parent) ? top.parent.parent : top.parent;
  if (!holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) return [];
  const name = holder.name.text;
  const methods: string[] = [];
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isIdentifier(node) && node.text === name && node !== holder.name) methods.push(...chainAbove(node));
    });
  return methods;
}

/** Each write in a module: a builder chain on a table that changes rows, or SQL text that does. */
export function writesIn(project: Project, source: Source): Write[] {
  const writes: Write[] = [];
  const add = (node: ts.Node, table: TableName | '?', how: string) =>
    writes.push({ path: source.path, line: lineOf(node), table, how });
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isCallExpression(node) && node.arguments.length >= 1) {
        const callee = unwrap(node.expression);
        const method = memberName(callee);
        const isTableCall =
          ts.isIdentifier(callee) ||
          (method !== undefined && (TABLE_METHODS.has(method) || !BUILDER_METHOD.test(method)));
        if (
          !isTableCall ||
          (method && ['raw', 'call', 'apply', 'bind', 'log', 'error', 'warn', 'info'].includes(method))
        )
          return;
        const values = project.strings(source, node.arguments[0]);
        const named = values?.map((v) => v.split(/\s+as\s+/i)[0].trim()).filter((v) => TABLES.has(v));
        const unnamed =
          !values &&
          node.arguments.length === 1 &&
          (ts.isIdentifier(callee)
            ? /^(?:db|trx|conn|knex|tx|t)$/.test(callee.text)
            : /^(?:db|trx|conn|knex)$/.test(method ?? ''));
        if (!named?.length && !unnamed) return;
        const methods = [
          ...chainAbove(node),
          ...(method && TABLE_METHODS.has(method) ? chainBelow(node) : []),
          ...chainThroughVariable(source, node),
        ];
        const write = methods.find((m) => WRITE_METHODS.has(m));
        if (!write) return;
        if (named?.length) for (const table of named) add(node, table as TableName, `.${write}()`);
        else add(node, '?', `.${write}() on a table named by a variable`);
      }
      if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
        const text = ts.isTemplateExpression(node)
          ? (project.strings(source, node)?.join('\n') ?? node.getText())
          : node.text;
        for (const raw of text.matchAll(RAW_WRITE)) {
          const table = raw[1].toLowerCase();
          if (TABLES.has(table)) add(node, table as TableName, `SQL "${raw[0].replace(/\s+/g, ' ')}"`);
        }
      }
    });
  return writes;
}

/** The writes of a module that belong to another owner, in words. */
export function strayWrites(project: Project, source: Source): Finding[] {
  const module = moduleOf(source.path);
  return writesIn(project, source)
    .filter((w) => w.table === '?' || !ownedBy(module, TABLE_OWNERS[w.table]))
    .map(({ path, line, table, how }) => ({
      path,
      line,
      why:
        table === '?'
          ? `writes a table named by a variable (${how}): write each table in its owner (api/src/features/table-owners.ts)`
          : `writes ${table} (${how}), which ${TABLE_OWNERS[table]} owns: call a function of the owner`,
    }));
}

// ─── Handlers never touch the database ────────────────────────────────────────────────────────

const DATABASE = /^(?:db|trx|knex|conn)$/;
const QUERY_METHODS = new Set([
  'transaction',
  'raw',
  'whereRaw',
  'joinRaw',
  'orderByRaw',
  'forUpdate',
  'onConflict',
  'returning',
]);

/** Each place a routes.ts touches the database: a knex import, a call of the database or a member of it, a query built. */
export function queriesIn(_project: Project, source: Source): Finding[] {
  const found: Finding[] = [];
  const add = (node: ts.Node, why: string) =>
    found.push({ path: source.path, line: lineOf(node), why: `${why}: call a service` });
  const isDatabase = (e: ts.Expression) => {
    const x = unwrap(e);
    const name = ts.isIdentifier(x) ? x.text : memberName(x);
    return !!name && DATABASE.test(name);
  };
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        if (node.moduleSpecifier.text === 'knex' || node.moduleSpecifier.text.startsWith('knex/'))
          add(node, 'imports knex');
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [spec] = node.arguments;
        if (spec && ts.isStringLiteralLike(spec) && spec.text === 'knex') add(node, 'imports knex');
      }
      if (ts.isCallExpression(node)) {
        if (isDatabase(node.expression)) add(node, 'calls the database as a function (a query on a table)');
        const name = calleeName(node);
        if (name && QUERY_METHODS.has(name)) add(node, `builds a query (.${name})`);
      }
      if (
        ts.isPropertyAccessExpression(node) &&
        isDatabase(node.expression) &&
        !ts.isPropertyAccessExpression(node.parent)
      )
        add(node, 'uses a member of the database (raw, transaction, fn, schema …)');
      if (ts.isIdentifier(node) && node.text === 'trx') add(node, 'holds a transaction');
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) {
        if (isDatabase(node.initializer) && !DATABASE.test(node.name.text))
          add(node, `keeps the database under another name (${node.name.text})`);
      }
      if (
        ts.isBindingElement(node) &&
        node.propertyName &&
        ts.isIdentifier(node.propertyName) &&
        ts.isIdentifier(node.name)
      ) {
        if (DATABASE.test(node.propertyName.text) && !DATABASE.test(node.name.text))
          add(node, `keeps the database under another name (${node.name.text})`);
      }
      if (ts.isCallExpression(node) && calleeName(node) === 'from' && ts.isPropertyAccessExpression(node.expression)) {
        const target = unwrap(node.expression.expression);
        if (!(ts.isIdentifier(target) && /^(?:Array|Buffer|Uint8Array|Object|Promise)$/.test(target.text)))
          add(node, 'reads from a table');
      }
    });
  return found;
}
