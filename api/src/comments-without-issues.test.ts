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
 * the syntax tree (TypeScript's own scanner), so a "#12" in a string, a template or a regular
 * expression is never taken for one, and a comment hidden in JSX, an .astro page or a stylesheet
 * is never missed.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const self = fileURLToPath(import.meta.url);

/** Folders whose comments are still being rewritten elsewhere: empty once they are clean. */
const NOT_YET: string[] = [];

export type Comment = { line: number; text: string };

/** "issue #12", "Issue 26", "issues #4 and #15", or a bare "#27" / "#26.3" that no numbered thing owns. */
const ISSUE = /\bissues?\s*#?\s*\d+|(?<![\w&])#\d+(?:\.\d+)*\b/gi;
/** The words before a "#N" that make it a thing's number, not an issue's: "account #5", "React #418". */
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

/** A planted comment's words, written so that this file's own source carries none. */
const planted = (text: string) => text.replaceAll('ISSUE', 'issue');

describe('a comment carries no issue number', () => {
  it('finds the issue numbers of a comment, and not a thing’s number', () => {
    expect(issueNumbersIn(planted('// Web Push (ISSUE #30): the payload'))).toEqual(['issue #30']);
    expect(issueNumbersIn(' * reverse (Issue 26: made-up page addresses')).toEqual(['Issue 26']);
    expect(issueNumbersIn('// (issues #4 and #15), since #20 and #26.3')).toEqual(['issues #4', '#15', '#20', '#26.3']);
    expect(issueNumbersIn('// "deleted account #5"; hydration error #418 (React #418); &#39;')).toEqual([]);
  });

  it('finds a planted one in every kind of comment, and none in strings, templates or patterns', () => {
    const script = [
      "const a = '#12 issue 4'; // the pool (issue #14)",
      'const b = `payout #3` + String(/issue 5/.test(a)); /* one more',
      '   issue #6 */',
      '/** Sign-in (issue 27). */',
      'export const c = /#\\d+/;',
      'function f(a: number, // opened (issue #7)',
      '  /* (issue #9) */) {',
      '  return c;',
      '  // closing (issue #8)',
      '}',
    ].join('\n');
    expect(
      commentsOf('x.ts', script).flatMap(({ line, text }) => issueNumbersIn(text).map((found) => [line, found])),
    ).toEqual([
      [1, 'issue #14'],
      [2, 'issue #6'],
      [4, 'issue 27'],
      [6, 'issue #7'],
      [7, 'issue #9'],
      [9, 'issue #8'],
    ]);
    const tsx =
      'export const X = () => (\n  <p title="issue #1">\n    {/* the badge (issue #18) */}issue 2\n  </p>\n);';
    expect(commentsOf('x.tsx', tsx).flatMap(({ text }) => issueNumbersIn(text))).toEqual(['issue #18']);
    const astro = [
      '---',
      '// The page (issue #17)',
      "const title = 'issue #2';",
      '---',
      '<!-- the card (issue #16) -->',
      '<p>issue #3 {/* a note, issue #29 */}</p>',
      '<script>',
      '  // kept taps (issue #27)',
      "  const s = 'issue #4';",
      '</script>',
      '<style>',
      '  /* thumb-sized (issue #16) */ a { color: #555; }',
      '</style>',
    ].join('\n');
    expect(
      commentsOf('x.astro', astro).flatMap(({ line, text }) => issueNumbersIn(text).map((found) => [line, found])),
    ).toEqual([
      [2, 'issue #17'],
      [8, 'issue #27'],
      [5, 'issue #16'],
      [6, 'issue #29'],
      [12, 'issue #16'],
    ]);
    const css = '/* Avatar (issue #17) */\n.a { color: #555; content: "issue #2"; }';
    expect(commentsOf('x.css', css).flatMap(({ text }) => issueNumbersIn(text))).toEqual(['issue #17']);
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
