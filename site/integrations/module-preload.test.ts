import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addModulePreloads,
  eagerEntries,
  type ModuleGraph,
  staticClosure,
  withModulePreloads,
} from './module-preload.ts';

const island = (client: string, component: string) =>
  `<astro-island uid="a" component-url="${component}" component-export="default" renderer-url="/_astro/client.js" props="{}" ssr client="${client}">x</astro-island>`;

/**
 * The client bundle's static imports: SignIn loads Dialog with a dynamic import(), which the
 * bundle does not list among its imports.
 */
const graph: ModuleGraph = new Map(
  Object.entries({
    'client.js': ['vendor.js'],
    'vendor.js': ['runtime.js'],
    'runtime.js': [],
    'SignIn.js': ['vendor.js', 'core.js'],
    'core.js': ['vendor.js'],
    'Dialog.js': [],
    'Toast.js': ['vendor.js', 'toast-only.js'],
    'toast-only.js': [],
  }).map(([file, imports]) => [`/_astro/${file}`, imports.map((imported) => `/_astro/${imported}`)]),
);

/** A built site: a page with a form island (client:load) and a toast island (client:idle). */
function site() {
  const dir = mkdtempSync(join(tmpdir(), 'preload-'));
  mkdirSync(join(dir, 'signin'));
  const page = `<!DOCTYPE html><html><head><title>Sign in</title></head><body>${island('load', '/_astro/SignIn.js')}${island('idle', '/_astro/Toast.js')}</body></html>`;
  writeFileSync(join(dir, 'signin', 'index.html'), page);
  writeFileSync(
    join(dir, 'index.html'),
    '<!DOCTYPE html><html><head><title>Home</title></head><body>No islands</body></html>',
  );
  return dir;
}

describe('module preloads (sign-in interactive within 1.5× its floor on 3G)', () => {
  it('takes the renderer and component of client:load islands only', () => {
    expect(
      eagerEntries(
        island('load', '/_astro/SignIn.js') + island('idle', '/_astro/Toast.js') + island('visible', '/_astro/Map.js'),
      ),
    ).toEqual(['/_astro/client.js', '/_astro/SignIn.js']);
  });

  it('follows static imports through every level, once each, and leaves dynamic imports for later', () => {
    expect(staticClosure(graph, ['/_astro/client.js', '/_astro/SignIn.js'])).toEqual([
      '/_astro/client.js',
      '/_astro/vendor.js',
      '/_astro/runtime.js',
      '/_astro/SignIn.js',
      '/_astro/core.js',
    ]);
  });

  it('writes the links into the head of pages with eager islands, and leaves other pages alone', async () => {
    const dir = site();
    expect(await addModulePreloads(dir, graph)).toBe(1);
    const page = readFileSync(join(dir, 'signin', 'index.html'), 'utf8');
    const head = page.slice(0, page.indexOf('</head>'));
    for (const file of ['client', 'vendor', 'runtime', 'SignIn', 'core'])
      expect(head).toContain(`<link rel="modulepreload" href="/_astro/${file}.js">`);
    expect(page).not.toContain('href="/_astro/Toast.js"');
    expect(page).not.toContain('href="/_astro/Dialog.js"');
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toContain('modulepreload');
    // A second build step over the same files adds nothing twice.
    expect(await addModulePreloads(dir, graph)).toBe(0);
    expect(withModulePreloads(page, ['/_astro/client.js'])).toBe(page);
  });

  it('fails the build when a page names a module the build does not have', () => {
    expect(() => staticClosure(graph, ['/_astro/missing.js'])).toThrow(/missing\.js.*did not write/);
  });
});
