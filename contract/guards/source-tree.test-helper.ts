import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { filesUnder } from '../source-files.test-helper.ts';

/**
 * The product's source as syntax trees, for the guard tests: each file is read and parsed once
 * (TypeScript's own parser, `ts.createSourceFile`), and every guard walks the same trees. An
 * `.astro` file gives two kinds of tree: its frontmatter with the expressions of its markup, and
 * each `<script>`; every tree keeps the file's length, so a node's line is the file's line.
 */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Source {
  /** The path from the repository's root, with `/`. */
  path: string;
  text: string;
  trees: ts.SourceFile[];
}

/** A guard's finding: where, and why in words that say what to do instead. */
export interface Finding {
  path: string;
  line: number;
  why: string;
}

export const findingText = ({ path, line, why }: Finding) => `${path}:${line}: ${why}`;

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** The `.astro` file's trees: frontmatter plus markup expressions, and each script's contents. */
function astroTrees(path: string, text: string): ts.SourceFile[] {
  const fence = /^---[^\n]*\n([\s\S]*?)\n---/.exec(text);
  const codeEnd = fence ? fence[0].length : 0;
  const chars = blank(text).split('');
  if (fence) for (let i = 4; i < codeEnd - 3; i++) chars[i] = text[i];
  const scripts: ts.SourceFile[] = [];
  let i = codeEnd;
  while (i < text.length) {
    const rest = text.slice(i);
    const raw = /^<(script|style)\b[^>]*>/i.exec(rest);
    if (raw) {
      const close = text.toLowerCase().indexOf(`</${raw[1].toLowerCase()}`, i + raw[0].length);
      const end = close === -1 ? text.length : close;
      if (raw[1].toLowerCase() === 'script') {
        const only =
          blank(text.slice(0, i + raw[0].length)) + text.slice(i + raw[0].length, end) + blank(text.slice(end));
        scripts.push(ts.createSourceFile(`${path}.script.ts`, only, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
      }
      i = end;
      continue;
    }
    if (rest.startsWith('<!--')) {
      const close = text.indexOf('-->', i);
      i = close === -1 ? text.length : close + 3;
      continue;
    }
    if (text[i] === '{') {
      const end = closingBrace(text, i);
      chars[i] = ';';
      for (let j = i + 1; j < end; j++) chars[j] = text[j];
      if (end < text.length) chars[end] = ';';
      i = end + 1;
      continue;
    }
    i++;
  }
  const main = ts.createSourceFile(`${path}.tsx`, chars.join(''), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return [main, ...scripts];
}

/** The index of the `}` that closes the `{` at `open`, strings and nested braces skipped. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** Parses source text given in memory (a planted violation, or a file read from disk). */
export function parseSource(path: string, text: string): Source {
  if (path.endsWith('.astro')) return { path, text, trees: astroTrees(path, text) };
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  return { path, text, trees: [ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)] };
}

const PRODUCT_FOLDERS = ['contract', 'api/src', 'api/seeds', 'site/src'];
const SOURCE = /\.(?:ts|tsx|astro|js|mjs)$/;
const TEST = /\.(?:test|spec|test-helper)\.[a-z]+$|\.d\.ts$/;

let product: Source[] | undefined;

/** Every source file of the product (contract/, api/src/, api/seeds/, site/src/; tests and guards left out), parsed once. */
export function productSources(): Source[] {
  product ??= PRODUCT_FOLDERS.flatMap((dir) =>
    filesUnder(join(root, dir), (path) => SOURCE.test(path) && !TEST.test(path)),
  )
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((path) => !path.startsWith('contract/guards/'))
    .sort()
    .map((path) => parseSource(path, readFileSync(join(root, path), 'utf8')));
  return product;
}

/** A set of sources by path, for following imports and constants from one file to another. */
export class Project {
  readonly sources: Source[];
  readonly byPath: Map<string, Source>;
  constructor(sources: Source[]) {
    this.sources = sources;
    this.byPath = new Map(sources.map((s) => [s.path, s]));
  }

  /** The repository path a relative import names, or undefined for a package or a file not here. */
  resolve(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const base = posix.normalize(posix.join(posix.dirname(from), specifier));
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
    return candidates.find((c) => this.byPath.has(c)) ?? base;
  }

  /**
   * Where a name used in `source` comes from: followed through imports, `export … from` and
   * `export { a as b }` to the module that declares it and the name it has there.
   */
  origin(source: Source, name: string, depth = 0): { path: string; name: string } {
    let known = this.origins.get(source);
    if (!known) {
      known = new Map();
      this.origins.set(source, known);
    }
    const cached = known.get(name);
    if (cached) return cached;
    const found = this.findOrigin(source, name, depth);
    known.set(name, found);
    return found;
  }

  private readonly origins = new WeakMap<Source, Map<string, { path: string; name: string }>>();
  private readonly imported = new WeakMap<Source, Set<string>>();

  private findOrigin(source: Source, name: string, depth: number): { path: string; name: string } {
    if (depth > 8) return { path: source.path, name };
    let names = this.imported.get(source);
    if (!names) {
      names = new Set();
      for (const tree of source.trees)
        for (const statement of tree.statements)
          if (ts.isImportDeclaration(statement) && statement.importClause) {
            const clause = statement.importClause;
            if (clause.name) names.add(clause.name.text);
            const b = clause.namedBindings;
            if (b && ts.isNamespaceImport(b)) names.add(b.name.text);
            if (b && ts.isNamedImports(b)) for (const e of b.elements) names.add(e.name.text);
          }
      this.imported.set(source, names);
    }
    if (!names.has(name)) return { path: source.path, name };
    for (const tree of source.trees) {
      for (const statement of tree.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const clause = statement.importClause;
        if (!clause) continue;
        const from = this.resolve(source.path, statement.moduleSpecifier.text);
        const target = from ?? statement.moduleSpecifier.text;
        if (clause.name?.text === name) return this.exported(target, 'default', depth);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name)
          return { path: target, name: '*' };
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements)
            if (element.name.text === name)
              return this.exported(target, (element.propertyName ?? element.name).text, depth);
      }
    }
    return { path: source.path, name };
  }

  /** Where the name a module exports is declared (re-exports followed). */
  exported(path: string, name: string, depth: number): { path: string; name: string } {
    const source = this.byPath.get(path);
    if (!source) return { path, name };
    for (const tree of source.trees)
      for (const statement of tree.statements) {
        if (!ts.isExportDeclaration(statement)) continue;
        const from =
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? (this.resolve(path, statement.moduleSpecifier.text) ?? statement.moduleSpecifier.text)
            : undefined;
        const clause = statement.exportClause;
        if (!clause && from) {
          const found = this.exported(from, name, depth + 1);
          if (this.byPath.has(found.path) && declares(this.byPath.get(found.path)!, found.name)) return found;
          continue;
        }
        if (clause && ts.isNamedExports(clause))
          for (const element of clause.elements)
            if (element.name.text === name) {
              const local = (element.propertyName ?? element.name).text;
              return from ? this.exported(from, local, depth + 1) : this.origin(source, local, depth + 1);
            }
      }
    return this.origin(source, name, depth + 1);
  }

  /** The initialiser of the `const` named `name` in `source` (or the module it is imported from). */
  constant(source: Source, name: string): { source: Source; value: ts.Expression } | undefined {
    const local = declaredConst(source, name);
    if (local) return { source, value: local };
    const { path, name: original } = this.origin(source, name);
    const other = this.byPath.get(path);
    const value = other && other !== source ? declaredConst(other, original) : undefined;
    return value && other ? { source: other, value } : undefined;
  }

  /** The number a constant expression comes to (literals, constants followed, products), or undefined. */
  number(source: Source, expression: ts.Expression, depth = 0): number | undefined {
    const e = unwrap(expression);
    if (depth > 6) return undefined;
    if (ts.isNumericLiteral(e)) return Number(e.text.replace(/_/g, ''));
    if (ts.isIdentifier(e)) {
      const found = this.constant(source, e.text);
      return found ? this.number(found.source, found.value, depth + 1) : undefined;
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AsteriskToken) {
      const a = this.number(source, e.left, depth + 1);
      const b = this.number(source, e.right, depth + 1);
      return a !== undefined && b !== undefined ? a * b : undefined;
    }
    return undefined;
  }

  /**
   * The strings an expression can be: a literal, a template whose parts are known, a constant
   * (followed through imports), either branch of a condition. Undefined when one part is unknown.
   */
  strings(source: Source, expression: ts.Expression, depth = 0): string[] | undefined {
    const e = unwrap(expression);
    if (depth > 8) return undefined;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isTemplateExpression(e)) {
      let options = [e.head.text];
      for (const span of e.templateSpans) {
        const parts = this.strings(source, span.expression, depth + 1);
        if (!parts) return undefined;
        options = options.flatMap((o) => parts.map((p) => o + p + span.literal.text));
      }
      return options;
    }
    if (ts.isConditionalExpression(e)) {
      const a = this.strings(source, e.whenTrue, depth + 1);
      const b = this.strings(source, e.whenFalse, depth + 1);
      return a && b ? [...a, ...b] : undefined;
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const a = this.strings(source, e.left, depth + 1);
      const b = this.strings(source, e.right, depth + 1);
      return a && b ? a.flatMap((x) => b.map((y) => x + y)) : undefined;
    }
    if (ts.isIdentifier(e)) {
      const found = this.constant(source, e.text);
      return found ? this.strings(found.source, found.value, depth + 1) : undefined;
    }
    return undefined;
  }
}

/** Parentheses, `as`, `satisfies` and `!` taken off. */
export function unwrap(e: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isTypeAssertionExpression(e)
  )
    e = e.expression;
  return e;
}

function declares(source: Source, name: string): boolean {
  let found = false;
  for (const tree of source.trees)
    for (const statement of tree.statements) {
      if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name)
        found = true;
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === name) found = true;
    }
  return found;
}

const constCache = new WeakMap<Source, Map<string, ts.Expression>>();

/** The initialiser of a `const name = …` anywhere in the file (the first one, scopes aside). */
function declaredConst(source: Source, name: string): ts.Expression | undefined {
  let consts = constCache.get(source);
  if (!consts) {
    const found = new Map<string, ts.Expression>();
    for (const tree of source.trees)
      walk(tree, (node) => {
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.initializer &&
          ts.isVariableDeclarationList(node.parent) &&
          node.parent.flags & ts.NodeFlags.Const &&
          !found.has(node.name.text)
        )
          found.set(node.name.text, node.initializer);
      });
    consts = found;
    constCache.set(source, consts);
  }
  return consts.get(name);
}

/** Every node of a tree, depth first. */
export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The file's line of a node (1-based). */
export const lineOf = (node: ts.Node): number =>
  node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;

/** The name a call calls: `f(…)` gives f, `a.b.f(…)` gives f. */
export function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression))
    return callee.argumentExpression.text;
  return undefined;
}

/** The name of a member read: `a.b` and `a['b']` give b. */
export function memberName(node: ts.Node): string | undefined {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return node.argumentExpression.text;
  return undefined;
}

/** Whether an identifier names a value here (not a type, a property's name or a declaration's own name). */
export function isValueReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p)) && p.name === id)
    return false;
  if ((ts.isMethodDeclaration(p) || ts.isMethodSignature(p)) && p.name === id) return false;
  if (ts.isTypeReferenceNode(p) || ts.isExpressionWithTypeArguments(p) || ts.isQualifiedName(p)) return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p)) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if (ts.isJsxAttribute(p) || ts.isInterfaceDeclaration(p) || ts.isTypeAliasDeclaration(p)) return false;
  if (ts.isTypeQueryNode(p)) return false;
  return true;
}
