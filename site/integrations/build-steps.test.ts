import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { expect, it } from 'vitest';
import buildSteps from './build-steps.ts';
import { PRECACHED_PAGES } from './service-worker.ts';

type Hook<K extends keyof AstroIntegration['hooks']> = NonNullable<AstroIntegration['hooks'][K]>;
const logger = { info: () => {} };
const CSP = `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-abc=';style-src 'self'">`;
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html><head>${CSP}${head}</head><body>${body}${'<p>Text</p>'.repeat(40)}</body></html>`;

it('finishes an Astro build: preloads from the client bundle, narrow policies, the manifest and the service worker, then .br/.gz of the final files', async () => {
  const integration = buildSteps();
  // The integration's Vite plugin, as Astro would add it.
  const plugins: Plugin[] = [];
  const setup = integration.hooks['astro:config:setup'] as Hook<'astro:config:setup'>;
  await setup({
    config: { base: '/' },
    updateConfig: (config: { vite: { plugins: Plugin[] } }) => {
      plugins.push(...config.vite.plugins);
    },
  } as unknown as Parameters<Hook<'astro:config:setup'>>[0]);
  expect(plugins).toHaveLength(1);
  const [plugin] = plugins;
  const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
  expect(applies({ name: 'client' })).toBe(true);
  expect(applies({ name: 'ssr' })).toBe(false);

  // Rolldown's record of the client bundle: what each chunk imports statically.
  const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk', fileName, imports });
  const bundle = {
    a: chunk('_astro/client.js', ['_astro/vendor.js']),
    b: chunk('_astro/vendor.js', []),
    c: chunk('_astro/SignIn.js', ['_astro/vendor.js']),
    d: { type: 'asset', fileName: '_astro/logo.svg' },
  };
  (plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void).call({}, {}, bundle);

  const dir = mkdtempSync(join(tmpdir(), 'build-steps-'));
  mkdirSync(join(dir, 'signin'));
  const island =
    '<astro-island component-url="/_astro/SignIn.js" renderer-url="/_astro/client.js" client="load"></astro-island>';
  writeFileSync(
    join(dir, 'signin', 'index.html'),
    page('', `${island}<script type="module" src="/_astro/client.js"></script>`),
  );
  writeFileSync(join(dir, 'index.html'), page('', '<h1>Home</h1>'));
  // The other pages the service worker precaches.
  for (const path of PRECACHED_PAGES.filter((path) => path !== '/signin')) {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(
      join(dir, path, 'index.html'),
      page('', `${island}<script type="module" src="/_astro/client.js"></script>`),
    );
  }
  mkdirSync(join(dir, '_astro'));
  // The chunks of each role's screen, which the worker's list keeps to that role (the code sign-in to none).
  const screens = [
    'CustomerDashboard.js',
    'ProfessionalDashboard.js',
    'AffiliateDashboard.js',
    'GeneralDashboard.js',
    'CodeSignIn.js',
  ];
  for (const file of ['client.js', 'vendor.js', 'SignIn.js', ...screens])
    writeFileSync(join(dir, '_astro', file), 'export {};');

  const done = integration.hooks['astro:build:done'] as Hook<'astro:build:done'>;
  await done({ dir: pathToFileURL(`${dir}/`), logger } as unknown as Parameters<Hook<'astro:build:done'>>[0]);

  const signin = readFileSync(join(dir, 'signin', 'index.html'), 'utf8');
  const links = ['client', 'vendor', 'SignIn']
    .map((name) => `<link rel="modulepreload" href="/_astro/${name}.js">`)
    .join('');
  expect(signin).toContain(`${links}</head>`);
  expect(signin).toContain("script-src 'self' 'sha256-abc='");
  const home = readFileSync(join(dir, 'index.html'), 'utf8');
  expect(home).toContain("script-src 'none'");
  // The twins hold the pages as finished, not as Astro first wrote them.
  expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(home);
  expect(existsSync(join(dir, 'signin', 'index.html.gz'))).toBe(true);
  // The manifest and icons, and the worker, whose list holds the finished page (its revision is
  // the hash of the page with its preloads); the worker is compressed like the rest.
  expect(existsSync(join(dir, 'manifest.webmanifest'))).toBe(true);
  expect(existsSync(join(dir, 'icons', 'maskable-512.png'))).toBe(true);
  const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
  const hash = createHash('md5').update(signin).digest('hex');
  expect(worker).toContain(`{"for":"customer professional affiliate","revision":"${hash}","url":"/signin"}`);
  expect(brotliDecompressSync(readFileSync(join(dir, 'sw.js.br'))).toString()).toBe(worker);
});
