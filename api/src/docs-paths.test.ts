import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../contract/source-files.test-helper.ts';

/**
 * docs/HOUSE-RULES.md names the test behind each rule and docs/RECIPES.md the files a change
 * touches: a renamed or moved file must take its name in the docs with it. And a comment points at
 * a rule by docs/PRODUCT.md's heading or ARCHITECTURE.md's, never at a document this repository
 * does not hold (docs/HOUSE-RULES.md "Code and comments").
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['docs/HOUSE-RULES.md', 'docs/RECIPES.md'];

/** A path inside the repository, as the docs write it: from a top folder, to a file or a folder. */
const PATH = /\b(?:api|site|contract|e2e|bench|docs|content)\/[\w.\-/]*[\w/]/g;

/** Each path named in `text`, except a pattern (`YYYYMMDD…`) and on a line that says the thing is still being added. */
export function pathsNamed(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.includes('(being added)'))
    .flatMap((line) => line.match(PATH) ?? [])
    .filter((path) => !path.includes('YYYY'));
}

/** Citations of the spec, or of a numbered decision, which live in no file of this repository. */
const OUTSIDE_CITATION = /\bthe spec\b|\bspec['’]s\b|\bspec says\b|\bdecisions? \d/i;
const SOURCE = /\.(?:ts|tsx|astro|mjs|css)$/;
const self = fileURLToPath(import.meta.url);

/** What a document can be cited by: its headings and its bold labels. */
function citableNames(doc: string): string[] {
  const text = readFileSync(join(root, doc), 'utf8');
  return [...text.matchAll(/^#+ (.+)$/gm), ...text.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]);
}

/** `docs/PRODUCT.md "Failed payments"`, `ARCHITECTURE.md, "Read cache"`: the document and the name cited. */
const CITATION = /((?:docs\/)?[A-Z][A-Z-]*\.md),? "([^"]+)"/g;

/** The document a citation means: ARCHITECTURE.md at the root, every other one in docs/. */
const citedDoc = (name: string) => (name.startsWith('docs/') || name === 'ARCHITECTURE.md' ? name : `docs/${name}`);

const sourceFiles = (dir: string) => filesUnder(dir, (path) => SOURCE.test(path) && path !== self);

describe('docs/HOUSE-RULES.md and docs/RECIPES.md', () => {
  it('reads paths as the docs write them, and skips what is being added', () => {
    const text = [
      '- **Money** `contract/money.test.ts` ("finds no money …"), and site/src/ui.',
      '- **Dates** only through `contract/dates.ts`. (being added)',
      '`api/migrations/YYYYMMDDHHMMSS_verb_object.ts` beside `site/src/islands/<Name>/`.',
    ].join('\n');
    expect(pathsNamed(text)).toEqual(['contract/money.test.ts', 'site/src/ui', 'site/src/islands/']);
  });

  it.each(DOCS)('%s names only files and folders that exist', (doc) => {
    const named = pathsNamed(readFileSync(join(root, doc), 'utf8'));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});

const sources = () => ['api', 'site', 'contract', 'e2e', 'bench'].flatMap((dir) => sourceFiles(join(root, dir)));

describe('no source file cites the spec or a numbered decision', () => {
  it('finds a citation in a comment', () => {
    expect(OUTSIDE_CITATION.test("// with the spec's timeout")).toBe(true);
    expect(OUTSIDE_CITATION.test('/** Time comes from here (ARCHITECTURE decision 10). */')).toBe(true);
    expect(OUTSIDE_CITATION.test('// (docs/PRODUCT.md "Location"; ARCHITECTURE.md "Time from a clock")')).toBe(false);
  });

  it('finds none in api/, site/, contract/, e2e/ and bench/', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const cited = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          OUTSIDE_CITATION.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(cited).toEqual([]);
  });
});

describe('a heading a comment cites exists', () => {
  it('reads the document and the name of each citation', () => {
    const line = '// (docs/PRODUCT.md "Failed payments"; ARCHITECTURE.md, "Read cache"; OPERATIONS.md "Backups")';
    expect([...line.matchAll(CITATION)].map(([, doc, name]) => [citedDoc(doc), name])).toEqual([
      ['docs/PRODUCT.md', 'Failed payments'],
      ['ARCHITECTURE.md', 'Read cache'],
      ['docs/OPERATIONS.md', 'Backups'],
    ]);
  });

  it('finds every cited heading or bold label (or the start of one) in its document', () => {
    const names = new Map<string, string[]>();
    const namesOf = (doc: string) => {
      if (!names.has(doc)) names.set(doc, existsSync(join(root, doc)) ? citableNames(doc) : []);
      return names.get(doc) ?? [];
    };
    const citations = sources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(CITATION)].map(([, doc, name]) => ({
            where: `${relative(root, file)}:${i + 1}`,
            doc: citedDoc(doc),
            name,
          })),
        ),
    );
    expect(citations.length).toBeGreaterThan(100);
    const missing = citations.filter(({ doc, name }) => !namesOf(doc).some((heading) => heading.startsWith(name)));
    expect(missing.map(({ where, doc, name }) => `${where}: ${doc} "${name}"`)).toEqual([]);
  });
});
