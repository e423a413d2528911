import ts from 'typescript';
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
 * The browser's rules (docs/HOUSE-RULES.md "Browser"), each on the syntax tree of site/src.
 */

const SITE = 'site/src/';

// ─── Reads start in stores, not in effects ────────────────────────────────────────────────────

const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);
/** A call that asks the server for data: the route table's call, lib/api.ts's readers, fetch, a store's load…/check…/refresh. */
const SERVER_READ = /^(?:call|\w*[fF]etch|query|refresh|load[A-Z]\w*|check[A-Z]\w*|fetch[A-Z]\w*|refresh[A-Z]\w*)$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The HTTP method a call asks with: `{ method: 'POST' }` in its options, or its route's declared method. */
function methodOf(project: Project, source: Source, call: ts.CallExpression): string | undefined {
  const literal = (e: ts.Expression | undefined): string | undefined => {
    const x = e && unwrap(e);
    if (!x) return undefined;
    if (ts.isIdentifier(x)) {
      const found = project.constant(source, x.text);
      return found && literal(found.value);
    }
    if (ts.isCallExpression(x)) return literal(x.arguments[0]);
    if (!ts.isObjectLiteralExpression(x)) return undefined;
    for (const p of x.properties)
      if (ts.isPropertyAssignment(p) && p.name.getText() === 'method')
        return project.strings(source, p.initializer)?.[0];
    return undefined;
  };
  return literal(call.arguments[1]) ?? literal(call.arguments[0]);
}
/** Methods of every function, not reads. */
const FUNCTION_METHODS = new Set(['call', 'apply', 'bind']);

/** The functions a file declares by name: `function f` and `const f = () => …`. */
function localFunctions(source: Source): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isFunctionDeclaration(node) && node.name && node.body) found.set(node.name.text, node.body);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const init = unwrap(node.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) found.set(node.name.text, init.body);
        // useCallback(() => …, deps)
        if (ts.isCallExpression(init) && calleeName(init) === 'useCallback' && init.arguments[0]) {
          const fn = unwrap(init.arguments[0]);
          if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) found.set(node.name.text, fn.body);
        }
      }
    });
  return found;
}

/** Whether the code under `body` starts a server read, following the file's own functions it calls. */
function startsRead(
  project: Project,
  source: Source,
  body: ts.Node,
  functions: Map<string, ts.Node>,
  seen: Set<ts.Node>,
): ts.Node | undefined {
  if (seen.has(body)) return undefined;
  seen.add(body);
  let read: ts.Node | undefined;
  walk(body, (node) => {
    if (read || !ts.isCallExpression(node)) return;
    const callee = unwrap(node.expression);
    if (ts.isIdentifier(callee)) {
      const { name } = project.origin(source, callee.text);
      if (SERVER_READ.test(name) || SERVER_READ.test(callee.text)) {
        if (!WRITE_METHODS.has(methodOf(project, source, node)?.toUpperCase() ?? 'GET')) read = node;
      } else {
        const local = functions.get(callee.text);
        if (local && startsRead(project, source, local, functions, seen)) read = node;
      }
    } else {
      const name = memberName(callee);
      if (name && !FUNCTION_METHODS.has(name) && SERVER_READ.test(name)) read = node;
    }
  });
  return read;
}

/** Each effect of a file that starts a server read. */
export function effectReadFindings(project: Project, source: Source): Finding[] {
  if (!source.path.startsWith(SITE) || source.path.includes('/stores/') || source.path === 'site/src/lib/load.ts')
    return [];
  const found: Finding[] = [];
  let functions: Map<string, ts.Node> | undefined;
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (!ts.isCallExpression(node)) return;
      const callee = unwrap(node.expression);
      const name = ts.isIdentifier(callee) ? project.origin(source, callee.text).name : memberName(callee);
      if (!name || !EFFECT_HOOKS.has(name)) return;
      const [effect] = node.arguments;
      if (!effect) return;
      functions ??= localFunctions(source);
      const body = ts.isIdentifier(unwrap(effect)) ? functions.get((unwrap(effect) as ts.Identifier).text) : effect;
      if (body && startsRead(project, source, body, functions, new Set()))
        found.push({
          path: source.path,
          line: lineOf(node),
          why: 'an effect starts a server read: read from a store (onMount) or through useLoad',
        });
    });
  return found;
}

// ─── Refusals are decided by their code ───────────────────────────────────────────────────────

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

const isStatusNumber = (project: Project, source: Source, e: ts.Expression): boolean => {
  const n = project.number(source, e);
  return n !== undefined && n >= 100 && n < 600;
};

/** Names bound to a status by destructuring: `const { status: s } = error` gives s. */
function statusAliases(source: Source): Set<string> {
  const names = new Set(['status', 'statusCode']);
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (
        ts.isBindingElement(node) &&
        node.propertyName &&
        ts.isIdentifier(node.propertyName) &&
        /^status(Code)?$/.test(node.propertyName.text) &&
        ts.isIdentifier(node.name)
      )
        names.add(node.name.text);
    });
  return names;
}

const isStatus = (project: Project, source: Source, e: ts.Expression, aliases: Set<string>, depth = 0): boolean => {
  const x = unwrap(e);
  const member = memberName(x);
  if (member) return /^status(Code)?$/.test(member);
  if (!ts.isIdentifier(x)) return false;
  if (aliases.has(x.text)) return true;
  const found = depth < 4 ? project.constant(source, x.text) : undefined;
  return !!found && isStatus(project, found.source, found.value, aliases, depth + 1);
};

/** Where a status may still decide: lib/refusals.ts, the one place, for an answer with no code (a proxy's page); lib/api.ts, building an error's words; lib/errors.ts, for an error not of ours. */
export const STATUS_READERS = new Set(['site/src/lib/refusals.ts', 'site/src/lib/api.ts', 'site/src/lib/errors.ts']);

/** Each decision by an HTTP status's number or range: the browser decides by the error's code. */
export function statusFindings(project: Project, source: Source): Finding[] {
  if (!source.path.startsWith(SITE) || STATUS_READERS.has(source.path)) return [];
  const found: Finding[] = [];
  const add = (node: ts.Node) =>
    found.push({
      path: source.path,
      line: lineOf(node),
      why: 'decides by the HTTP status: decide by ApiError.code (isRefusal, isSignedOut in site/src/lib/api.ts)',
    });
  let aliases: Set<string> | undefined;
  const status = (e: ts.Expression) => {
    aliases ??= statusAliases(source);
    return isStatus(project, source, e, aliases);
  };
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
        if (
          (status(node.left) && isStatusNumber(project, source, node.right)) ||
          (status(node.right) && isStatusNumber(project, source, node.left))
        )
          add(node);
      }
      if (
        ts.isCallExpression(node) &&
        calleeName(node) === 'includes' &&
        node.arguments[0] &&
        status(node.arguments[0])
      ) {
        const list = ts.isPropertyAccessExpression(node.expression) ? unwrap(node.expression.expression) : undefined;
        const resolved = list && ts.isIdentifier(list) ? project.constant(source, list.text)?.value : list;
        const items =
          resolved && ts.isArrayLiteralExpression(unwrap(resolved))
            ? (unwrap(resolved) as ts.ArrayLiteralExpression).elements
            : [];
        if (items.some((item) => isStatusNumber(project, source, item))) add(node);
      }
      if (ts.isSwitchStatement(node) && status(node.expression)) {
        if (node.caseBlock.clauses.some((c) => ts.isCaseClause(c) && isStatusNumber(project, source, c.expression)))
          add(node);
      }
    });
  return found;
}

// ─── Islands never import islands ─────────────────────────────────────────────────────────────

const ISLANDS = 'site/src/islands/';
const islandOf = (path: string) => (path.startsWith(ISLANDS) ? path.slice(ISLANDS.length).split('/')[0] : undefined);

/** Each import (static, dynamic, or `export … from`) of one island's module by another island or by the kit. */
export function islandImportFindings(project: Project, source: Source): Finding[] {
  const importer = islandOf(source.path);
  const kit =
    source.path.startsWith('site/src/ui/') ||
    source.path.startsWith('site/src/lib/') ||
    source.path.startsWith('site/src/stores/');
  if (!importer && !kit) return [];
  const found: Finding[] = [];
  const check = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const target = project.resolve(source.path, specifier.text);
    const island = target && islandOf(target);
    if (island && island !== importer)
      found.push({
        path: source.path,
        line: lineOf(node),
        why: `imports the island ${island} (${specifier.text}): move the shared part to site/src/ui/`,
      });
  };
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) check(node, node.moduleSpecifier);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        check(node, node.arguments[0]);
    });
  return found;
}

// ─── The kit draws forms and cards ────────────────────────────────────────────────────────────

export interface HandDrawn {
  /** A class named …-error, …-alert or form-problem: a field's error or a form's problem drawn by hand (Field, FormProblem). */
  errors: number;
  /** A <section>: a card section written by hand (Card). */
  sections: number;
  /** A <table> not in a ScrollTable (a calendar grid is budgeted too). */
  tables: number;
  /** A component of its own named after a kit part (a `DraftField` beside the kit's `Field`). */
  copies: number;
  /** A filter or tab group by hand (a role="tablist", or pressed buttons in a role="group"): the kit's Tabs. */
  filters: number;
}

export const KIT_PARTS = [
  'Field',
  'FormProblem',
  'LoadFailed',
  'PasswordField',
  'SubmitButton',
  'PersonFields',
  'Card',
  'ScrollTable',
  'ConfirmDialog',
  'Tabs',
];
/** A component named as a kit part's kind (a `DraftField`, `StatusTabs`): the kit's part instead. */
const KIT_COPY = /^[A-Z]\w*(?:Field|Fields|FormProblem|Tabs|ScrollTable|SubmitButton|ConfirmDialog)$/;
const ERROR_CLASS = /(?<![\w-])(?:(?!is-)[a-z][a-z-]*-(?:error|alert)|form-problem)(?![\w-])/g;
const CLASS_ATTRIBUTES = new Set(['className', 'class', 'class:list']);

/** The words of the strings under a node (literals, template parts, constants it names). */
function classWords(project: Project, source: Source, node: ts.Node): string[] {
  const words: string[] = [];
  walk(node, (n) => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n))
      words.push(n.text);
    if (ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
      const values = project.strings(source, n);
      if (values) words.push(...values);
    }
  });
  return words;
}

/** Whether the element holds buttons with aria-pressed: a group of toggles that is a tab list by hand. */
function pressedButtonsIn(opening: ts.JsxOpeningLikeElement): boolean {
  let found = false;
  if (ts.isJsxOpeningElement(opening))
    walk(opening.parent, (n) => {
      if ((ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) && n !== opening)
        if (n.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === 'aria-pressed'))
          found = true;
    });
  return found;
}

const tagOf = (node: ts.JsxOpeningLikeElement) =>
  ts.isIdentifier(node.tagName) ? node.tagName.text : node.tagName.getText();

/** What a file draws by hand that the kit draws. */
export function handDrawn(project: Project, source: Source): HandDrawn {
  const counts: HandDrawn = { errors: 0, sections: 0, tables: 0, copies: 0, filters: 0 };
  const count = (tag: string, inScrollTable: boolean) => {
    if (tag === 'section') counts.sections++;
    if (tag === 'table' && !inScrollTable) counts.tables++;
  };
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        let inScrollTable = false;
        for (let p: ts.Node = node.parent; p; p = p.parent)
          if (ts.isJsxElement(p) && tagOf(p.openingElement) === 'ScrollTable') inScrollTable = true;
        count(tagOf(node), inScrollTable);
        for (const attribute of node.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || !attribute.initializer) continue;
          const name = attribute.name.getText();
          if (CLASS_ATTRIBUTES.has(name)) {
            const text = classWords(project, source, attribute.initializer).join(' ');
            counts.errors += (text.match(ERROR_CLASS) ?? []).length;
          }
          const role = name === 'role' ? project.strings(source, attribute.initializer as ts.Expression) : undefined;
          if (role?.includes('tablist')) counts.filters++;
          if (role?.includes('group') && pressedButtonsIn(node)) counts.filters++;
        }
      }
      // React.createElement('section') or jsx('table'): the same tags without JSX.
      if (
        ts.isCallExpression(node) &&
        /^(?:createElement|jsxs?|jsxDEV)$/.test(calleeName(node) ?? '') &&
        node.arguments[0]
      ) {
        for (const tag of project.strings(source, node.arguments[0]) ?? []) count(tag, false);
      }
      const declared =
        (ts.isFunctionDeclaration(node) && node.name?.text) ||
        (ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.initializer &&
          /^[A-Z]/.test(node.name.text) &&
          (ts.isArrowFunction(unwrap(node.initializer)) || ts.isFunctionExpression(unwrap(node.initializer))) &&
          node.name.text);
      if (declared && (KIT_PARTS.includes(declared) || KIT_COPY.test(declared))) counts.copies++;
    });
  return counts;
}

/** The kit itself: the files directly in site/src/ui (its folders hold the islands' shared parts). */
export const inKit = (path: string) => /^site\/src\/ui\/[^/]+$/.test(path);

/** Whether the kit guard reads a file: React components outside the kit, the islands and their shared parts included. */
export const drawsScreens = (path: string) => path.startsWith(SITE) && path.endsWith('.tsx') && !inKit(path);

/** An island's component or one of the parts in a folder of site/src/ui: what the size limits hold. */
export const isIslandPart = (path: string) =>
  path.endsWith('.tsx') && (path.startsWith('site/src/islands/') || (path.startsWith('site/src/ui/') && !inKit(path)));

// ─── Islands stay small ───────────────────────────────────────────────────────────────────────

/** The length in lines of each top-level function of a file (declared, or a `const` holding one). */
export function functionLengths(source: Source): Map<string, number> {
  const lengths = new Map<string, number>();
  const [tree] = source.trees;
  const lines = (node: ts.Node) =>
    tree.getLineAndCharacterOfPosition(node.getEnd()).line -
    tree.getLineAndCharacterOfPosition(node.getStart()).line +
    1;
  for (const statement of tree.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) lengths.set(statement.name.text, lines(statement));
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer && unwrap(d.initializer);
        const fn =
          init && ts.isCallExpression(init) && /^(?:memo|forwardRef)$/.test(calleeName(init) ?? '')
            ? init.arguments[0]
            : init;
        if (ts.isIdentifier(d.name) && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)))
          lengths.set(d.name.text, lines(statement));
      }
  }
  return lengths;
}

export const lineCount = (source: Source) => source.text.split('\n').length - (source.text.endsWith('\n') ? 1 : 0);
