import { expect, test } from './fixtures/test.ts';
import { request as httpRequest } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { createPaidAccount, uniqueTag } from './fixtures/accounts.ts';
import { advanceServerClock, resetServerClockAfterEach } from './fixtures/clock.ts';

// docs/SECURITY.md "Second round": the pages rendered per request, probed from outside
// as the review did. Each block failed on the code the review found.

resetServerClockAfterEach();

/** A listed professional whose name no other test of this run has. */
async function listedProfessional(request: APIRequestContext) {
  const firstName = `Yaw${uniqueTag()
    .replace(/[^a-z]/g, '')
    .slice(-5)}`;
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Carpenter',
    firstName,
    lastName: 'Boateng',
    location: 'Accra',
    description: 'Doors, roofs and wardrobes.',
    baseRate: 30,
    maxRate: 50,
  });
  return { id: pro.user.id, canonical: `/professionals/${pro.user.id}-${firstName.toLowerCase()}-b-carpenter` };
}

/**
 * POSTs up to `megabytes` MB chunked, a megabyte at a time, until the server answers or hangs up.
 * The server answers 413 and closes without reading on, so the bytes still in flight can reach a
 * closed socket, whose reset may discard the answer before it is read (status 0): either way the
 * server stopped reading, which `megabytesSent` shows.
 */
function postChunked(
  url: string,
  megabytes: number,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; megabytesSent: number }> {
  const megabyte = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, megabytesSent: sent }));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') resolve({ status: 0, text: '', megabytesSent: sent });
      else reject(err);
    });
    const writeNext = () => {
      if (answered || req.destroyed) return;
      if (sent >= megabytes) return void req.end();
      sent++;
      if (req.write(megabyte)) setImmediate(writeNext);
      else req.once('drain', writeNext);
    };
    writeNext();
  });
}

test.describe('#26.1 a page reads at most a small form, declared or chunked', () => {
  test('a chunked body of any size to /renew/{token} is refused at 4 KB, before the rest is sent', async ({
    baseURL,
  }) => {
    const answer = await postChunked(`${baseURL}/renew/${'x'.repeat(22)}`, 64, {
      'content-type': 'application/x-www-form-urlencoded',
      origin: baseURL!,
    });
    // The server stopped reading: far less than the 64 MB offered ever left the client.
    expect(answer.megabytesSent).toBeLessThan(16);
    if (answer.status)
      expect(answer).toMatchObject({ status: 413, text: expect.stringContaining('This form is too large.') });
  });

  test('an unknown renewal link is answered as gone without its form being read', async ({ request, baseURL }) => {
    // A body no form parser can read: the old page read it first and answered 400.
    const answer = await request.post(`/renew/${'y'.repeat(22)}`, {
      headers: { 'content-type': 'multipart/form-data; boundary=nothing', origin: baseURL! },
      data: 'not multipart at all',
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(410);
    expect(await answer.text()).toContain('This renewal link has been used or has expired.');
  });

  test('any other page refuses a chunked body over 4 KB too', async ({ baseURL }) => {
    const answer = await postChunked(`${baseURL}/terms`, 64, { 'content-type': 'text/plain' });
    expect(answer.megabytesSent).toBeLessThan(16);
    if (answer.status) expect(answer.status).toBe(413);
  });
});

test.describe('#26.4 a made-up slug is sent to the one true address, and only that page is kept', () => {
  test('a wrong or missing slug answers 301 to the canonical address, which answers 200', async ({ request }) => {
    const pro = await listedProfessional(request);
    for (const path of [`/professionals/${pro.id}-anything-at-all`, `/professionals/${pro.id}`, `${pro.canonical}/`]) {
      const moved = await request.get(path, { maxRedirects: 0, headers: { 'Accept-Encoding': 'br' } });
      expect(moved.status(), path).toBe(301);
      expect(moved.headers().location, path).toBe(pro.canonical);
    }
    const page = await request.get(pro.canonical, { maxRedirects: 0, headers: { 'Accept-Encoding': 'br' } });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain('Doors, roofs and wardrobes.');
    // An unknown id is still a 404, whatever its slug.
    expect((await request.get('/professionals/999999998-made-up', { maxRedirects: 0 })).status()).toBe(404);
  });
});

test.describe('#26.10 the sitemap is an index of files of at most 50,000 addresses, kept between requests', () => {
  test('sitemap.xml names its files; a professional is in one of them; a new listing shows once the kept copy expires', async ({
    request,
  }) => {
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...indexXml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toContain('/sitemaps/pages.xml');
    expect(files).toContain('/sitemaps/professionals-1.xml');

    const pages = await (await request.get('/sitemaps/pages.xml')).text();
    expect(pages).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(pages).toMatch(/<loc>https?:\/\/[^/]+\/professionals\?category=Plumber<\/loc>/);

    const professionals = async () => {
      const all: string[] = [];
      for (const file of files.filter((f) => f.startsWith('/sitemaps/professionals-'))) {
        const res = await request.get(file);
        expect(res.status(), file).toBe(200);
        expect(res.headers()['content-type']).toMatch(/^application\/xml/);
        const urls = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
        expect(urls.length).toBeLessThanOrEqual(50_000); // the protocol's limit per file
        all.push(...urls);
      }
      return all;
    };
    const before = await professionals();
    const pro = await listedProfessional(request);
    // Kept: a professional listed since is not in the copy made before…
    const kept = await professionals();
    expect(kept).toEqual(before);
    // …until it expires (10 minutes).
    await advanceServerClock(request, 11 * 60_000);
    const after = await professionals();
    expect(after.some((url) => url.endsWith(pro.canonical))).toBe(true);
    // A file past the last one does not exist.
    expect((await request.get('/sitemaps/professionals-999999.xml')).status()).toBe(404);
    // Nor any number or name past what a file can be: refused before the directory is asked.
    for (const name of [`professionals-1${'0'.repeat(30)}`, 'professionals-0', 'professionals-x', 'professionals--1'])
      expect((await request.get(`/sitemaps/${name}.xml`)).status(), name).toBe(404);
  });
});

test.describe('#26.12 rendered pages honour q=0 in Accept-Encoding, as the built ones do', () => {
  test('br;q=0 gets gzip, and nothing acceptable gets the page uncompressed', async ({ request }) => {
    const pro = await listedProfessional(request);
    for (const path of ['/professionals?category=Carpenter', pro.canonical, pro.canonical, '/sitemap.xml']) {
      const gzip = await request.get(path, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
      expect(gzip.status(), path).toBe(200);
      expect(gzip.headers()['content-encoding'], path).toBe('gzip');
      const none = await request.get(path, { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
      expect(none.headers()['content-encoding'], path).toBeUndefined();
      const br = await request.get(path, { headers: { 'Accept-Encoding': 'gzip;q=0.5, br' } });
      expect(br.headers()['content-encoding'], path).toBe('br');
    }
  });
});
