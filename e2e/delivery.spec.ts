import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

// How the server delivers the built site to slow, metered connections (Speed):
// every pre-rendered page (/forgot-password and the 404 page included) and hashed asset
// compressed, hashed assets cached for good, pages and the 404 page revalidated.

const PAGES = [
  '/',
  '/terms',
  '/privacy',
  '/affiliate-terms',
  '/support',
  '/signin',
  '/signup',
  '/forgot-password',
  '/customer-dashboard',
];

/**
 * Asks for `path` as brotli, gzip and identity: an HTML answer with `status`, compressed as asked
 * (Vary: Accept-Encoding) with `cacheControl`, and uncompressed when asked for identity.
 */
async function expectHtmlCompressed(
  request: APIRequestContext,
  path: string,
  status: number,
  cacheControl: string,
): Promise<string[]> {
  const bodies: string[] = [];
  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
    expect(response.status(), path).toBe(status);
    expect(response.headers()['content-encoding'], `${path} with ${encoding}`).toBe(encoding);
    expect(response.headers()['content-type'], path).toContain('text/html');
    expect(response.headers().vary, path).toMatch(/accept-encoding/i);
    expect(response.headers()['cache-control'], path).toBe(cacheControl);
    bodies.push(await response.text());
  }
  const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.status(), path).toBe(status);
  expect(plain.headers()['content-encoding'], path).toBeUndefined();
  return bodies;
}

test('pre-rendered pages go out compressed whether asked for as /page or /page/, and revalidate', async ({
  request,
}) => {
  for (const path of [...PAGES, '/terms/'])
    await expectHtmlCompressed(request, path, 200, 'public, max-age=0, must-revalidate');
});

test('the sign-in page names in its head every module its form needs, and ships no stylesheet to wait for', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/signin')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toMatch(/<link rel="stylesheet"/);
  const preloaded = new Set([...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]));
  expect(preloaded.size).toBeGreaterThan(0);
  // Every script the form loads on its way to being usable was named in the head.
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
  });
  await page.goto('/signin');
  // Hydrated (Astro drops `ssr`): its button takes a tap from first paint, so that says nothing of the scripts.
  await expect(page.locator('astro-island[component-url*="/SignIn."]:not([ssr])')).toHaveCount(1);
  const toastHost = /\/ToastHost\./; // client:idle, loaded after the form on purpose
  expect(loaded.filter((path) => preloaded.has(path)).length).toBeGreaterThan(0);
  expect(loaded.filter((path) => !preloaded.has(path) && !toastHost.test(path))).toEqual([]);
});

test('hashed assets are compressed and immutable for a year', async ({ request }) => {
  const html = await (await request.get('/signin')).text();
  const assets = [...html.matchAll(/\/_astro\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of new Set(assets)) {
    const response = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()['cache-control'], asset).toMatch(/max-age=31536000.*immutable/);
    if (Number(response.headers()['content-length'] ?? 1000) >= 256)
      expect(response.headers()['content-encoding'], asset).toBe('br');
  }
});

test('a missing page gets the 404 page compressed, with status 404, and never cached unchecked', async ({
  request,
}) => {
  // A missing hashed asset too: it must not be kept for a year as if it were the file.
  for (const path of ['/no-such-page', '/no/such/page/', '/_astro/no-such-file.js']) {
    for (const body of await expectHtmlCompressed(request, path, 404, 'no-cache'))
      expect(body, path).toContain('Oops! Page not found');
  }
  expect((await request.head('/no-such-page')).status()).toBe(404);
  for (const method of ['POST', 'PUT', 'DELETE']) {
    expect((await request.fetch('/no-such-page', { method })).status(), method).toBe(404);
  }
});
