// A content editor changes a markdown file, the site is rebuilt, and the page shows the change.
// It is a whole `astro build`, so it runs with the browser journeys (`npm run test:e2e`), not among
// the unit tests. The build reads a temporary copy of content/ (CONTENT_DIR, see content.config.ts)
// and writes its output and content cache to a temporary folder, so the real site/dist and cache
// stay untouched. The folder sits under site/node_modules (git-ignored) because the built server
// chunks that pre-render the pages must resolve the repository's packages.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures/test.ts';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '..');
let tmp = '';

test.afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('editing content/legal/terms.md changes the built /terms page', async () => {
  test.setTimeout(240_000);
  const scratch = join(repo, 'site', 'node_modules');
  await mkdir(scratch, { recursive: true });
  tmp = await mkdtemp(join(scratch, '.content-edit-'));
  const contentDir = join(tmp, 'content');
  await cp(join(repo, 'content'), contentDir, { recursive: true });

  const termsFile = join(contentDir, 'legal', 'terms.md');
  const marker = `Edited by the content team ${Date.now()}`;
  const original = await readFile(termsFile, 'utf8');
  const edited = original
    .replace(/^title: .*$/m, 'title: Terms of Service (revised)')
    .replace(/^lastUpdated: .*$/m, 'lastUpdated: 2024-03-01')
    .concat(`\n## 11. New section\n\n${marker}.\n`);
  expect(edited).not.toBe(original);
  await writeFile(termsFile, edited);

  // Same config as the real build, with output and cache moved to the temporary folder.
  const config = join(tmp, 'astro.config.mjs');
  await writeFile(
    config,
    `import base from ${JSON.stringify(join(repo, 'site', 'astro.config.mjs'))};\n` +
      `export default { ...base, outDir: ${JSON.stringify(join(tmp, 'dist'))}, cacheDir: ${JSON.stringify(join(tmp, 'cache'))} };\n`,
  );
  // Astro resolves --config against the root.
  await run('npx', ['astro', 'build', '--root', 'site', '--config', relative(join(repo, 'site'), config)], {
    cwd: repo,
    env: { ...process.env, CONTENT_DIR: contentDir },
    maxBuffer: 16 * 1024 * 1024,
  });

  const html = await readFile(join(tmp, 'dist', 'client', 'terms', 'index.html'), 'utf8');
  expect(html).toContain(marker);
  expect(html).toContain('<h1>Terms of Service (revised)</h1>');
  expect(html).toContain('1 March 2024');
  expect(html).not.toContain('29 November 2026');
});

test('a wrong figure typed into a legal page stops the build, naming the file and line', async () => {
  test.setTimeout(120_000);
  const scratch = join(repo, 'site', 'node_modules');
  await mkdir(scratch, { recursive: true });
  const dir = await mkdtemp(join(scratch, '.content-figure-'));
  try {
    const contentDir = join(dir, 'content');
    await cp(join(repo, 'content'), contentDir, { recursive: true });
    const file = join(contentDir, 'legal', 'affiliate-terms.md');
    const original = await readFile(file, 'utf8');
    const line = original.split('\n').findIndex((text) => text.includes('{{minimumPayout}}')) + 1;
    await writeFile(file, original.replace('{{minimumPayout}}', '₵200'));
    const built = run('npx', ['astro', 'sync', '--root', 'site'], {
      cwd: repo,
      env: { ...process.env, CONTENT_DIR: contentDir },
      maxBuffer: 16 * 1024 * 1024,
    });
    const failed = await built.then(
      () => null,
      (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
    );
    expect(failed).toContain(
      `${relative(repo, join(contentDir, 'legal', 'affiliate-terms.md'))}:${line}: "₵200" is written by hand. Write {{customerPrice}}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
