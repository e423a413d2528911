import { expect, test } from '@playwright/test';

// How the server delivers the built site to slow, metered connections (issue #7, Speed):
// every pre-rendered page and hashed asset compressed, hashed assets cached for good.

const PAGES = ['/', '/terms', '/privacy', '/affiliate-terms', '/support', '/signin', '/signup', '/customer-dashboard'];

test('pre-rendered pages go out compressed whether asked for as /page or /page/, and revalidate', async ({ request }) => {
  for (const path of [...PAGES, '/terms/']) {
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], `${path} with ${encoding}`).toBe(encoding);
      expect(response.headers()['content-type'], path).toContain('text/html');
      expect(response.headers()['vary'], path).toMatch(/accept-encoding/i);
      expect(response.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate');
    }
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], path).toBeUndefined();
  }
});

test('hashed assets are compressed and immutable for a year', async ({ request }) => {
  const html = await (await request.get('/signin')).text();
  const assets = [...html.matchAll(/\/_astro\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of new Set(assets)) {
    const response = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()['cache-control'], asset).toMatch(/max-age=31536000.*immutable/);
    if (Number(response.headers()['content-length'] ?? 1000) >= 256) expect(response.headers()['content-encoding'], asset).toBe('br');
  }
});

test('a path that is neither a page nor a file still reaches the 404 page', async ({ request }) => {
  const response = await request.get('/no-such-page', { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(404);
});
