import ts from 'typescript';
import {
  calleeName,
  type Finding,
  isValueReference,
  lineOf,
  memberName,
  type Project,
  type Source,
  unwrap,
  walk,
} from './source-tree.test-helper.ts';

/**
 * Dates, times and lengths of time are worked out and written only in contract/dates.ts
 * (ARCHITECTURE.md "Features", on dates and times). Each rule is a shape only date code takes, seen
 * on the syntax tree, so an alias (`const D = Date`), a name imported under another name, a value
 * kept in a variable first, or a constant re-exported elsewhere is still the shape. Allowed: an
 * instant read from text or copied (`new Date(x)`), now (`new Date()`, `Date.now()` alone), a length
 * of time as a constant (`5 * MINUTE_MS`, `60_000` for a timer), comparing instants, stopwatches on
 * `performance.now()`.
 */
export const DATES_MODULE = 'contract/dates.ts';

const CALENDAR_PART = /^(?:get|set)(?:UTC)?(?:FullYear|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds)$/;
const OWN_LABEL = new Set(['toLocaleDateString', 'toLocaleTimeString', 'DateTimeFormat', 'RelativeTimeFormat']);
const TIME_UNITS = new Set(['DAY_MS', 'HOUR_MS', 'MINUTE_MS']);
/** Lengths of time in milliseconds that dates.ts names: a minute times something, an hour, a day, a week. */
const NAMED_LENGTHS = new Set([3_600_000, 86_400_000, 604_800_000]);
/** A name that holds an instant or a day: a cut of it is a day or a month by hand. */
const INSTANT_NAME = /(?:At|Until|_at|_until|Date|date|day|Day|Iso|iso)$/;

/** Whether a node is one factor of a larger product. */
const isProductPart = (node: ts.Node): boolean => {
  let p = node.parent;
  while (ts.isParenthesizedExpression(p)) p = p.parent;
  return ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.AsteriskToken;
};

/** The factors of a product: `15 * 60 * 1000` gives 15, 60, 1000. */
function factorsOf(e: ts.Expression): ts.Expression[] {
  const x = unwrap(e);
  return ts.isBinaryExpression(x) && x.operatorToken.kind === ts.SyntaxKind.AsteriskToken
    ? [...factorsOf(x.left), ...factorsOf(x.right)]
    : [x];
}

/** Whether `e` is (or is a constant that is) the global `Date`. */
function isDate(project: Project, source: Source, e: ts.Expression, depth = 0): boolean {
  const x = unwrap(e);
  if (!ts.isIdentifier(x) || depth > 6) return false;
  if (x.text === 'Date') return true;
  const found = project.constant(source, x.text);
  return !!found && isDate(project, found.source, found.value, depth + 1);
}

/** Whether `e` reads an instant as milliseconds: `d.getTime()`, `d.valueOf()`, `Date.now()`, `+d`, or a constant that does. */
function isMilliseconds(project: Project, source: Source, e: ts.Expression, depth = 0): boolean {
  const x = unwrap(e);
  if (depth > 6) return false;
  if (ts.isCallExpression(x)) {
    const name = calleeName(x);
    if (name === 'getTime' || name === 'valueOf') return true;
    if (name === 'now' && ts.isPropertyAccessExpression(x.expression))
      return isDate(project, source, x.expression.expression);
    if (name === 'parse' && ts.isPropertyAccessExpression(x.expression))
      return isDate(project, source, x.expression.expression);
    return false;
  }
  if (ts.isPrefixUnaryExpression(x) && x.operator === ts.SyntaxKind.PlusToken) return true;
  if (ts.isIdentifier(x)) {
    const found = project.constant(source, x.text);
    return !!found && isMilliseconds(project, found.source, found.value, depth + 1);
  }
  return false;
}

/** Whether an identifier is one of dates.ts's lengths (DAY_MS …), under any name it was imported as. */
function isTimeUnit(project: Project, source: Source, e: ts.Expression): boolean {
  const x = unwrap(e);
  if (!ts.isIdentifier(x)) return false;
  const { path, name } = project.origin(source, x.text);
  return TIME_UNITS.has(name) && (path === DATES_MODULE || path === source.path);
}

export function datesFindings(project: Project, source: Source): Finding[] {
  if (source.path === DATES_MODULE) return [];
  const found: Finding[] = [];
  const add = (node: ts.Node, why: string) =>
    found.push({ path: source.path, line: lineOf(node), why: `${why}: use ${DATES_MODULE}` });
  for (const tree of source.trees)
    walk(tree, (node) => {
      if (ts.isIdentifier(node) && node.text === 'Date' && isValueReference(node)) {
        const p = node.parent;
        const called = ts.isNewExpression(p) && p.expression === node;
        const member = ts.isPropertyAccessExpression(p) && p.expression === node;
        const checked = ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword;
        const calledMember = member && ts.isCallExpression(p.parent) && p.parent.expression === p;
        if (member && p.name.text === 'UTC') add(node, 'a date built from parts (atHour, parseDay)');
        else if (member && !calledMember) add(node, `Date.${p.name.text} kept as a value`);
        else if (!called && !member && !checked)
          add(node, 'Date used as a value (an alias or a constructor passed on)');
      }
      if (ts.isNewExpression(node) && isDate(project, source, node.expression)) {
        const args = node.arguments ?? [];
        if (args.length > 1 || args.some(ts.isSpreadElement))
          add(node, 'a date built from parts (atHour, parseDay, startOfDay)');
        else if (
          !(ts.isIdentifier(unwrap(node.expression)) && (unwrap(node.expression) as ts.Identifier).text === 'Date')
        )
          add(node, 'Date under another name');
      }
      const member = memberName(node);
      if (member && CALENDAR_PART.test(member))
        add(node, `a calendar part by hand (.${member}: dayOf, weekdayOf, addMonths …)`);
      if (member && OWN_LABEL.has(member)) add(node, `a date label of its own (${member}: the labels of dates.ts)`);
      if (ts.isIdentifier(node) && OWN_LABEL.has(node.text) && ts.isBindingElement(node.parent))
        add(node, `a date label of its own (${node.text})`);
      if (
        ts.isBindingElement(node) &&
        node.propertyName &&
        ts.isIdentifier(node.propertyName) &&
        OWN_LABEL.has(node.propertyName.text)
      )
        add(node, `a date label of its own (${node.propertyName.text})`);
      if (ts.isBinaryExpression(node)) {
        const op = node.operatorToken.kind;
        if (
          (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.MinusToken) &&
          (isMilliseconds(project, source, node.left) || isMilliseconds(project, source, node.right))
        )
          add(node, 'arithmetic on an instant (addTime, subtractTime, timeBetween)');
        if (op === ts.SyntaxKind.SlashToken && isTimeUnit(project, source, node.right))
          add(node, 'instants divided into days or hours by hand (wholeDaysBetween, daysLeft, startOfHour)');
        if (op === ts.SyntaxKind.AsteriskToken && !isProductPart(node)) {
          const leaves = factorsOf(node);
          if (!leaves.some((f) => isTimeUnit(project, source, f))) {
            const numbers = leaves.map((f) => project.number(source, f));
            const has = (n: number) => numbers.includes(n);
            const product = numbers.every((n) => n !== undefined) ? numbers.reduce((a, b) => a! * b!, 1) : undefined;
            if (
              has(60_000) ||
              (has(60) && has(60) && numbers.filter((n) => n === 60).length > 1) ||
              (has(60) && (has(1000) || has(24))) ||
              (has(24) && (has(3600) || has(3_600_000))) ||
              (product !== undefined && NAMED_LENGTHS.has(product))
            )
              add(node, 'a length of time of its own (MINUTE_MS, HOUR_MS, DAY_MS)');
          }
        }
      }
      if (ts.isNumericLiteral(node) && NAMED_LENGTHS.has(Number(node.text.replace(/_/g, ''))))
        add(node, 'a length of time of its own (HOUR_MS, DAY_MS)');
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        const [from, to] = node.arguments;
        if ((name === 'slice' || name === 'substring') && from && to && project.number(source, from) === 0) {
          const length = project.number(source, to);
          const target = ts.isPropertyAccessExpression(node.expression)
            ? unwrap(node.expression.expression)
            : undefined;
          const cutsIso = target && ts.isCallExpression(target) && calleeName(target) === 'toISOString';
          const name = target && (ts.isIdentifier(target) ? target.text : memberName(target));
          if ((length === 4 || length === 7 || length === 10) && (cutsIso || (name && INSTANT_NAME.test(name))))
            add(node, 'an instant cut to its day or month by hand (dayOf, monthOf)');
          if (cutsIso) add(node, 'an ISO string cut by hand (dayOf, monthOf, clockTime)');
        }
        if (name === 'split' && ts.isPropertyAccessExpression(node.expression)) {
          const target = unwrap(node.expression.expression);
          if (ts.isCallExpression(target) && calleeName(target) === 'toISOString')
            add(node, 'an ISO string cut by hand (dayOf, clockTime)');
        }
      }
      if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && /T00:00:00(?:\.000)?Z/.test(node.text))
        add(node, 'a day parsed by hand (parseDay)');
    });
  return found;
}
