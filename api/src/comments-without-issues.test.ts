import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../contract/source-files.test-helper.ts';

/**
 * No comment carries an issue number: the reason for a line is written in the comment itself, a
 * product rule is cited by its docs/PRODUCT.md heading, a design by its ARCHITECTURE.md heading,
 * and the history lives in git (docs/HOUSE-RULES.md "Code and comments"). Comments are found on
 * the syntax tree (TypeScript's own scanner), so a "#" and a number in a string, a template or a
 * regular expression is never taken for one, and a comment hidden in JSX, an .astro page or a
 * stylesheet is never missed.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const self = fileURLToPath(import.meta.url);

/** Folders whose comments are still being rewritten elsewhere: empty once they are clean. */
const NOT_YET: string[] = [];

export type Comment = { line: number; text: string };

/** The word issue (or issues) with a number, with or without "#", or a bare "#" and a number that no numbered thing owns. */
const ISSUE = /\bissues?\s*#?\s*\d+|(?<![\w&])#\d+(?:\.\d+)*\b/gi;
/** The words before a "#N" that make it a thing's number, not an issue's (an account's, React's error code). */
const NUMBERED_THING = /\b(?:account|booking|error|payout|report|React|row|user)\s+$/i;

/** Each issue number written in a comment's text. */
export function issueNumbersIn(comment: string): string[] {
  return [...comment.matchAll(ISSUE)]
    .filter((match) => match[0].startsWith('#') === false || !NUMBERED_THING.test(comment.slice(0, match.index)))
    .map((match) => match[0]);
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

const scanner = ts.createScanner(ts.ScriptTarget.Latest, false);

/**
 * The comments of TypeScript or JavaScript source, read from its syntax tree without building its
 * tokens (which would cost seconds): the trivia on each side of every node, and the comments among
 * the punctuation and keywords between a node's children (`f(a, /* … *\/)`, `{/* … *\/}`), read by
 * TypeScript's scanner. `offset` places a fragment (an .astro script) in its file.
 */
function scriptComments(text: string, jsx: boolean, whole = text, offset = 0): Comment[] {
  const kind = jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(jsx ? 'x.tsx' : 'x.ts', text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, number>();
  const add = (found: ts.CommentRange[] | undefined) => {
    for (const range of found ?? []) ranges.set(range.pos, range.end);
  };
  const between = (start: number, end: number) => {
    if (end <= start) return;
    scanner.setText(text, start, end - start);
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
      if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) {
        ranges.set(scanner.getTokenStart(), scanner.getTokenEnd());
      }
    }
  };
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    for (const at of [node.pos, node.end]) {
      add(ts.getLeadingCommentRanges(text, at));
      add(ts.getTrailingCommentRanges(text, at));
    }
    // A token (a name, a string, a pattern) is read whole; a node's own punctuation lies between its children.
    if (node.kind < ts.SyntaxKind.FirstNode) return;
    let after = node.pos;
    ts.forEachChild(node, (child) => {
      between(after, child.pos);
      visit(child);
      after = child.end;
    });
    between(after, node.end);
  };
  visit(file);
  return [...ranges]
    .sort(([a], [b]) => a - b)
    .map(([pos, end]) => ({ line: lineAt(whole, offset + pos), text: text.slice(pos, end) }));
}

/** The comments of a stylesheet, or of markup outside its scripts: `/* … *\/` and `<!-- … -->`. */
function blockComments(text: string, whole = text, offset = 0): Comment[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g)].map((match) => ({
    line: lineAt(whole, offset + (match.index ?? 0)),
    text: match[0],
  }));
}

/** An .astro file's comments: its frontmatter and scripts as TypeScript, the rest as markup and styles. */
function astroComments(text: string): Comment[] {
  const found: Comment[] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  let markup = text;
  const blank = (start: number, end: number) => {
    markup = markup.slice(0, start) + ' '.repeat(end - start) + markup.slice(end);
  };
  if (front) {
    const start = front.index + 4;
    found.push(...scriptComments(front[1], false, text, start));
    blank(0, front.index + front[0].length);
  }
  for (const script of text.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    const start = (script.index ?? 0) + script[1].length;
    found.push(...scriptComments(script[2], false, text, start));
    blank(script.index ?? 0, (script.index ?? 0) + script[0].length);
  }
  return [...found, ...blockComments(markup, text)];
}

/** The comments of one file, by its kind. */
export function commentsOf(path: string, text: string): Comment[] {
  if (path.endsWith('.css')) return blockComments(text);
  if (path.endsWith('.astro')) return astroComments(text);
  return scriptComments(text, path.endsWith('.tsx'));
}

const SOURCE = /\.(?:ts|tsx|mjs|astro|css)$/;

/** "file:line: the comment's line" for each issue number in a comment of `files`. */
function issueNumbersInComments(files: string[]): string[] {
  return files.flatMap((file) =>
    commentsOf(file, readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
      text
        .split('\n')
        .flatMap((row, i) =>
          issueNumbersIn(row).length > 0 ? [`${relative(root, file)}:${line + i}: ${row.trim()}`] : [],
        ),
    ),
  );
}

// The planted comments below spell "#" and the space before a number as \u0023 and \u0020, so
// that this file's own source carries no issue number for anything that reads it.
describe('a comment carries no issue number', () => {
  it('finds the issue numbers of a comment, and not a thing’s number', () => {
    expect(issueNumbersIn('// Web Push (ISSUE\u0020\u002330): the payload')).toEqual(['ISSUE\u0020\u002330']);
    expect(issueNumbersIn(' * reverse (Issue\u002026: made-up page addresses')).toEqual(['Issue\u002026']);
    expect(issueNumbersIn('// (issues\u0020\u00234 and \u002315), since \u002320 and \u002326.3')).toEqual([
      'issues\u0020\u00234',
      '\u002315',
      '\u002320',
      '\u002326.3',
    ]);
    expect(
      issueNumbersIn('// "deleted account \u00235"; hydration error \u0023418 (React \u0023418); &\u002339;'),
    ).toEqual([]);
  });

  it('finds a planted one in every kind of comment, and none in strings, templates or patterns', () => {
    const script = [
      "const a = '\u002312 issue\u00204'; // the pool (issue\u0020\u002314)",
      'const b = `payout \u00233` + String(/issue\u00205/.test(a)); /* one more',
      '   issue\u0020\u00236 */',
      '/** Sign-in (issue\u002027). */',
      'export const c = /#\\d+/;',
      'function f(a: number, // opened (issue\u0020\u00237)',
      '  /* (issue\u0020\u00239) */) {',
      '  return c;',
      '  // closing (issue\u0020\u00238)',
      '}',
    ].join('\n');
    expect(
      commentsOf('x.ts', script).flatMap(({ line, text }) => issueNumbersIn(text).map((found) => [line, found])),
    ).toEqual([
      [1, 'issue\u0020\u002314'],
      [2, 'issue\u0020\u00236'],
      [4, 'issue\u002027'],
      [6, 'issue\u0020\u00237'],
      [7, 'issue\u0020\u00239'],
      [9, 'issue\u0020\u00238'],
    ]);
    const tsx =
      'export const X = () => (\n  <p title="issue\u0020\u00231">\n    {/* the badge (issue\u0020\u002318) */}issue\u00202\n  </p>\n);';
    expect(commentsOf('x.tsx', tsx).flatMap(({ text }) => issueNumbersIn(text))).toEqual(['issue\u0020\u002318']);
    const astro = [
      '---',
      '// The page (issue\u0020\u002317)',
      "const title = 'issue\u0020\u00232';",
      '---',
      '<!-- the card (issue\u0020\u002316) -->',
      '<p>issue\u0020\u00233 {/* a note, issue\u0020\u002329 */}</p>',
      '<script>',
      '  // kept taps (issue\u0020\u002327)',
      "  const s = 'issue\u0020\u00234';",
      '</script>',
      '<style>',
      '  /* thumb-sized (issue\u0020\u002316) */ a { color: \u0023555; }',
      '</style>',
    ].join('\n');
    expect(
      commentsOf('x.astro', astro).flatMap(({ line, text }) => issueNumbersIn(text).map((found) => [line, found])),
    ).toEqual([
      [2, 'issue\u0020\u002317'],
      [8, 'issue\u0020\u002327'],
      [5, 'issue\u0020\u002316'],
      [6, 'issue\u0020\u002329'],
      [12, 'issue\u0020\u002316'],
    ]);
    const css = '/* Avatar (issue\u0020\u002317) */\n.a { color: \u0023555; content: "issue\u0020\u00232"; }';
    expect(commentsOf('x.css', css).flatMap(({ text }) => issueNumbersIn(text))).toEqual(['issue\u0020\u002317']);
  });

  it('finds none in api/, site/, contract/, e2e/, bench/ or the root’s configuration', () => {
    const files = [
      ...['api', 'site', 'contract', 'e2e', 'bench'].flatMap((dir) =>
        filesUnder(join(root, dir), (path) => SOURCE.test(path) && path !== self),
      ),
      ...['vitest.config.ts', 'playwright.config.ts'].map((file) => join(root, file)),
    ].filter((file) => !NOT_YET.some((dir) => relative(root, file).startsWith(dir)));
    expect(files.length).toBeGreaterThan(300);
    expect(issueNumbersInComments(files)).toEqual([]);
  }, 60_000);
});
