import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAddress } from '../sw/pages.ts';
import { writeAppManifest } from './app-manifest.ts';
import { buildServiceWorker, PRECACHED_PAGES, precacheList, precacheListIn } from './service-worker.ts';

const CHUNKS = [
  'client.Caa7.js',
  'core.hO62.js',
  'vendor.C1Qb.js',
  'RouteGuard.BzRL.js',
  'Earnings.Hfa3.js',
  'page.x1.css',
];

/** A built site: chunks (with their .br twins), every precached page, public pages, and a folder named api. */
async function builtSite(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'service-worker-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  for (const chunk of CHUNKS) {
    write(`_astro/${chunk}`, `export const name = ${JSON.stringify(chunk)};`);
    write(`_astro/${chunk}.br`, 'compressed');
  }
  for (const page of [...PRECACHED_PAGES, '/terms', '/support', '/api/health'])
    write(`${page.slice(1)}/index.html`, `<!DOCTYPE html><title>${page}</title>`);
  write('index.html', '<!DOCTYPE html><title>Home</title>');
  write('favicon.ico', '');
  await writeAppManifest(dir);
  return dir;
}

/** The precache list a written worker holds. */
function listIn(worker: string) {
  const list = precacheListIn(worker);
  expect(list, 'the worker holds its precache list').not.toBeNull();
  return list!;
}

describe('the service worker build step', () => {
  it('precaches every chunk and stylesheet, the signed-in pages, the manifest and the icons: nothing public, nothing under /api', async () => {
    const dir = await builtSite();
    const result = await buildServiceWorker(dir);
    const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
    const list = listIn(worker);
    const urls = list.map((entry) => entry.url).sort();
    expect(urls).toEqual(
      [
        ...CHUNKS.map((chunk) => `/_astro/${chunk}`),
        ...PRECACHED_PAGES.map((page) => `${page}/`),
        '/icons/icon-192.png',
        '/icons/icon-512.png',
        '/icons/maskable-192.png',
        '/icons/maskable-512.png',
        '/manifest.webmanifest',
      ].sort(),
    );
    expect(urls.filter((url) => url.startsWith('/api'))).toEqual([]);
    expect(result.entries).toBe(list.length);
    expect(result.workerBytes).toBe(Buffer.byteLength(worker));
    // The list handed over is the one precacheList reads, and the worker ships as production code.
    expect(await precacheList(dir)).toEqual(list);
    expect(worker).not.toContain('__WB_MANIFEST');
    expect(worker).not.toContain('process.env');
  });

  it('revisions each file by its content: a hashed chunk by its name, a page by the hash of its HTML', async () => {
    const dir = await builtSite();
    await buildServiceWorker(dir);
    const revisionOf = (url: string) =>
      listIn(readFileSync(join(dir, 'sw.js'), 'utf8')).find((entry) => entry.url === url)?.revision;
    expect(revisionOf('/_astro/Earnings.Hfa3.js')).toBeNull();
    const html = readFileSync(join(dir, 'signin', 'index.html'));
    expect(revisionOf('/signin/')).toBe(createHash('md5').update(html).digest('hex'));

    // A new release changes the page: its revision changes, the others stay.
    const before = revisionOf('/dashboard/');
    writeFileSync(join(dir, 'signin', 'index.html'), '<!DOCTYPE html><title>Sign in, release 2</title>');
    await buildServiceWorker(dir);
    expect(revisionOf('/signin/')).not.toBe(createHash('md5').update(html).digest('hex'));
    expect(revisionOf('/dashboard/')).toBe(before);
  });

  it('fails the build when a page it should precache is missing', async () => {
    const dir = await builtSite();
    rmSync(join(dir, 'admin', 'dashboard'), { recursive: true });
    await expect(buildServiceWorker(dir)).rejects.toThrow(
      /precaches \/admin\/dashboard, which the build did not write/,
    );
  });
});

describe('pageAddress', () => {
  it('names a page by its folder, however it is asked for', () => {
    for (const url of [
      'https://x.gh/customer-dashboard',
      'https://x.gh/customer-dashboard/',
      'https://x.gh/customer-dashboard?tab=find',
      'https://x.gh/customer-dashboard/index.html',
      '/customer-dashboard#top',
    ])
      expect(pageAddress(url)).toBe('/customer-dashboard/');
    expect(pageAddress('https://x.gh/admin/login')).toBe('/admin/login/');
  });
});
