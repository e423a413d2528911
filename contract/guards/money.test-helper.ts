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

/**
 * Money is converted and written for people only in contract/money.ts. Each rule is a shape only
 * money takes, seen on the syntax tree: a value named as pesewas or cedis (or a constant that holds
 * one, followed through variables) times or divided by 100, a rounding to the pesewa, an amount
 * fixed to 2 decimals, a ₵ or GHS written beside a value, a currency format. Percentages
 * (`(done / asked) * 100`) and discounts (`(100 - percent) / 100`) are not money.
 */
export const MONEY_MODULE = 'contract/money.ts';

const PESEWAS = /pesewas|kobo/i;
const CEDIS = /cedis|Cedis|CEDIS|[rR]ate$|price|Price|PRICE|amount|Amount|^ghs$/;
const HELPERS = new Set([
  'cedis',
  'ghs',
  'toPesewas',
  'toCedis',
  'formatCedis',
  'formatCedisText',
  'roundToPesewa',
  'wholePesewas',
]);

/** The names an expression reads, variables followed to the constants they hold. */
function namesIn(project: Project, source: Source, e: ts.Expression, depth = 0): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && calleeName(node) === 'round') return; // a percentage rounded inside
    if (ts.isIdentifier(node)) {
      names.push(node.text);
      const found = depth < 4 ? project.constant(source, node.text) : undefined;
      if (found && ts.isExpression(found.value)) names.push(...namesIn(project, found.source, found.value, depth + 1));
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken) {
      // (done / asked) and (100 - percent) are ratios, not amounts.
      if (node.operatorToken.kind === ts.SyntaxKind.SlashToken || node.operatorToken.kind === ts.SyntaxKind.MinusToken)
        return;
    }
    ts.forEachChild(node, visit);
  };
  visit(unwrap(e));
  return names;
}

const isHundred = (project: Project, source: Source, e: ts.Expression) => project.number(source, e) === 100;
const isTwo = (project: Project, source: Source, e: ts.Expression) => project.number(source, e) === 2;

export function moneyFindings(project: Project, source: Source): Finding[] {
  if (source.path === MONEY_MODULE) return [];
  const found: Finding[] = [];
  const add = (node: ts.Node, why: string) =>
    found.push({ path: source.path, line: lineOf(node), why: `${why}: use ${MONEY_MODULE}` });
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isBinaryExpression(node)) {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.SlashToken && isHundred(project, source, node.right)) {
          const names = namesIn(project, source, node.left);
          if (names.some((n) => PESEWAS.test(n)) && !/percent/i.test(node.left.getText()))
            add(node, 'pesewas divided by 100 (toCedis)');
          const left = unwrap(node.left);
          if (ts.isCallExpression(left) && calleeName(left) === 'round') {
            const [inner] = left.arguments;
            const x = inner && unwrap(inner);
            if (
              x &&
              ts.isBinaryExpression(x) &&
              x.operatorToken.kind === ts.SyntaxKind.AsteriskToken &&
              isHundred(project, source, x.right)
            )
              add(node, 'cedis rounded to the pesewa (roundToPesewa)');
          }
        }
        if (
          op === ts.SyntaxKind.AsteriskToken &&
          (isHundred(project, source, node.right) || isHundred(project, source, node.left))
        ) {
          const other = isHundred(project, source, node.right) ? node.left : node.right;
          const names = namesIn(project, source, other);
          if (names.some((n) => CEDIS.test(n) && !/percent|ratio/i.test(n))) add(node, 'cedis times 100 (toPesewas)');
          else if (
            ts.isCallExpression(node.parent) &&
            calleeName(node.parent) === 'round' &&
            ts.isIdentifier(unwrap(other)) &&
            /^[a-z]/.test(unwrap(other).getText())
          )
            add(node, 'cedis rounded to pesewas (toPesewas)');
        }
        if (op === ts.SyntaxKind.PlusToken) {
          for (const side of [node.left, node.right]) {
            const x = unwrap(side);
            if (ts.isStringLiteralLike(x) && /₵\s*$|^\s*₵|GHS\s*$/.test(x.text))
              add(node, 'a ₵ amount written by hand (formatCedis or formatCedisText)');
          }
        }
      }
      if (
        ts.isCallExpression(node) &&
        calleeName(node) === 'toFixed' &&
        node.arguments[0] &&
        isTwo(project, source, node.arguments[0])
      )
        add(node, 'an amount fixed to 2 decimals by hand (formatCedis or formatCedisText with fixed)');
      if (ts.isTemplateExpression(node)) {
        const texts = [node.head.text, ...node.templateSpans.slice(0, -1).map((s) => s.literal.text)];
        if (texts.some((t) => /₵\s*$|GHS\s*$/.test(t)))
          add(node, 'a ₵ or GHS amount written by hand (formatCedis or formatCedisText)');
      }
      if (ts.isJsxText(node) && /₵\s*$/.test(node.text)) {
        const siblings: readonly ts.Node[] =
          ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent) ? node.parent.children : [];
        const next = siblings[siblings.indexOf(node) + 1];
        if (next && ts.isJsxExpression(next)) add(node, 'a ₵ amount written by hand (formatCedis)');
      }
      if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
        const key = node.name.text;
        const value = unwrap(node.initializer);
        if (key === 'style' && project.strings(source, value)?.includes('currency'))
          add(node, 'a currency format of its own (formatCedis)');
      }
      if (
        (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) &&
        node.name &&
        ts.isIdentifier(node.name) &&
        HELPERS.has(node.name.text)
      )
        add(node, `a money helper of its own (${node.name.text})`);
      const member = memberName(node);
      if (member === 'NumberFormat' && ts.isNewExpression(node.parent)) {
        const options = node.parent.arguments?.[1];
        if (
          options &&
          ts.isObjectLiteralExpression(options) &&
          options.properties.some((p) => p.name?.getText() === 'currency')
        )
          add(node, 'a currency format of its own (formatCedis)');
      }
    });
  return found;
}
