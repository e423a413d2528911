/**
 * Page weight on the wire: loads each page in Chromium as a visitor would (scrolling so that
 * client:visible islands load), records every resource it fetched, then asks for each one again
 * with `Accept-Encoding: gzip` and counts the bytes. Prints a table; asserts nothing.
 *
 *   npm run bench:weight                       # starts the product itself on a temp data folder
 *   BASE_URL=http://127.0.0.1:3000 npm run bench:weight -- / /support
 *
 * /admin/dashboard is measured signed in (its first load after the guard lets the administrator
 * in): the bench's own server creates an administrator from ADMIN_USERNAME/ADMIN_PASSWORD; with
 * BASE_URL, set those two to an existing administrator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/terms', '/privacy', '/support', '/admin/login', '/admin/dashboard'];

function gzipBytes(url: string): Promise<{ wire: number; type: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let wire = 0;
      res.on('data', (chunk: Buffer) => (wire += chunk.length));
      res.on('end', () => resolve({ wire, type: String(res.headers['content-type'] ?? '') }));
    })
      .on('error', reject)
      .end();
  });
}

process.env.ADMIN_USERNAME ??= 'bench-admin';
process.env.ADMIN_PASSWORD ??= 'Bench-admin-Passw0rd';

/** An admin token, for pages behind the admin guard. */
async function adminToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function startServer(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = 3400 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, ['api/src/server.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-weight-')), LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const server = process.env.BASE_URL ? undefined : await startServer();
const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

console.log(`Page weight at ${baseUrl} (bytes; "gzip" = bytes on the wire with Accept-Encoding: gzip)\n`);
console.log('page'.padEnd(18), 'requests'.padStart(8), 'JS raw'.padStart(9), 'JS gzip'.padStart(9), 'total gzip'.padStart(11));
try {
  for (const path of pages) {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const urls = new Set<string>();
    page.on('requestfinished', (req) => urls.add(req.url()));
    if (path.startsWith('/admin/dashboard')) {
      const token = await adminToken(baseUrl);
      await page.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    }
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    let jsRaw = 0;
    let jsGzip = 0;
    let total = 0;
    for (const url of urls) {
      if (!url.startsWith(baseUrl)) continue;
      const { wire, type } = await gzipBytes(url);
      total += wire;
      if (type.includes('javascript')) {
        jsGzip += wire;
        jsRaw += (await (await fetch(url)).arrayBuffer()).byteLength;
      }
    }
    const inlineScripts = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].reduce((n, s) => n + (s.textContent?.length ?? 0), 0),
    );
    console.log(
      path.padEnd(18),
      String(urls.size).padStart(8),
      String(jsRaw + inlineScripts).padStart(9),
      String(jsGzip).padStart(9),
      String(total).padStart(11),
    );
    await page.close();
  }
  console.log('\nJS raw includes inline <script> text; JS gzip counts script files only (inline scripts are inside the HTML).');
} finally {
  await browser.close();
  server?.child.kill('SIGTERM');
}
