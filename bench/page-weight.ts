/**
 * Page weight on the wire: loads each page in Chromium as a visitor would (signed
 * in as the page's role for the dashboards; scrolled so that client:visible islands load), records
 * every file of the site it fetched, then asks the server for each one three times, with
 * `Accept-Encoding: identity`, `gzip` and `br`, and counts the bytes that came back. Prints one row
 * per page (HTML, CSS, JS: raw / gzip / brotli) with the first-load goal, then the service worker,
 * the web app manifest and what the worker downloads at the first signed-in visit (per role), the
 * caching and the encodings served. Asserts nothing.
 *
 *   npm run bench:weight                                   # starts the product on a temp PGlite folder
 *   BASE_URL=http://127.0.0.1:3000 npm run bench:weight -- / /support   # a running server, some pages
 *
 * Pages of an existing server are measured signed out unless the bench could create accounts there.
 */
import { request } from 'node:http';
import type { BrowserContext } from '@playwright/test';
import { launchChromium } from './lib/browser.ts';
import { createAffiliate, createPaidAccount, type Session } from './lib/accounts.ts';
import { call } from './lib/http.ts';
import { precacheListIn } from '../site/integrations/service-worker.ts';
import { machineLine } from './lib/machine.ts';
import { benchPort, startServer } from './lib/server.ts';

/** KB in the goals = 1000 bytes. The budgets are set with React 19's runtime in them. */
type Goal = 'static' | 'directory' | 'auth' | 'dashboard' | 'none';
type Role = 'customer' | 'professional' | 'affiliate' | 'admin';
interface PageSpec {
  path: string;
  goal: Goal;
  /** Signed in as this role before the page loads (the session store's localStorage keys). */
  role?: Role;
  /** Measured only when the build has it (the server answers 2xx); skipped otherwise. */
  optional?: boolean;
}

/** Every page a visitor can reach. Add a page here: one line. */
export const PAGES: PageSpec[] = [
  { path: '/', goal: 'static' },
  { path: '/terms', goal: 'static' },
  { path: '/privacy', goal: 'static' },
  { path: '/affiliate-terms', goal: 'static' },
  { path: '/support', goal: 'static' },
  { path: '/signin', goal: 'auth' },
  { path: '/signup', goal: 'auth' },
  { path: '/affiliate-signup', goal: 'auth' },
  { path: '/forgot-password', goal: 'none' },
  { path: '/reset-password', goal: 'none' },
  // The 404 page, as any missing address gets it (its note says "answered 404").
  { path: '/no-such-page', goal: 'static' },
  // The public directory, and a professional's page (its path is found at start).
  { path: '/professionals', goal: 'directory' },
  { path: '/professionals/{a listed professional}', goal: 'directory' },
  { path: '/dashboard', goal: 'dashboard', role: 'customer' },
  { path: '/customer-dashboard', goal: 'dashboard', role: 'customer' },
  { path: '/professional-dashboard', goal: 'dashboard', role: 'professional' },
  { path: '/affiliate-dashboard', goal: 'dashboard', role: 'affiliate' },
  { path: '/admin/login', goal: 'auth' },
  { path: '/admin/dashboard', goal: 'dashboard', role: 'admin' },
];

const GOALS: Record<Goal, { text: string; pass: (w: Weight) => boolean } | null> = {
  static: { text: 'JS 0, total ≤ 15 KB gz', pass: (w) => w.js.raw === 0 && total(w, 'gzip') <= 15_000 },
  directory: { text: 'JS 0, HTML+CSS ≤ 20 KB gz', pass: (w) => w.js.raw === 0 && w.html.gzip + w.css.gzip <= 20_000 },
  auth: { text: 'JS ≤ 110 KB gz', pass: (w) => w.js.gzip <= 110_000 },
  dashboard: { text: 'JS ≤ 150 KB gz', pass: (w) => w.js.gzip <= 150_000 },
  none: null,
};

type Encoding = 'identity' | 'gzip' | 'br';
interface Bytes {
  raw: number;
  gzip: number;
  br: number;
}
interface Weight {
  html: Bytes;
  css: Bytes;
  js: Bytes;
  other: Bytes;
  files: number;
}
interface Fetched {
  url: string;
  type: string;
  bytes: Bytes;
  servedAs: Record<Encoding, string>;
  cacheControl: string;
}

const total = (w: Weight, e: keyof Bytes) => w.html[e] + w.css[e] + w.js[e] + w.other[e];
const kind = (type: string): keyof Omit<Weight, 'files'> =>
  type.includes('html') ? 'html' : type.includes('css') ? 'css' : type.includes('javascript') ? 'js' : 'other';

/** Bytes of the body as sent (node:http does not decompress), with the headers that say how. */
function ask(url: string, encoding: Encoding) {
  return new Promise<{ status: number; bytes: number; type: string; encoding: string; cacheControl: string }>(
    (resolve, reject) => {
      request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            type: String(res.headers['content-type'] ?? ''),
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            cacheControl: String(res.headers['cache-control'] ?? ''),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

async function weigh(url: string): Promise<Fetched> {
  const [identity, gzip, br] = await Promise.all([ask(url, 'identity'), ask(url, 'gzip'), ask(url, 'br')]);
  return {
    url,
    type: identity.type,
    bytes: { raw: identity.bytes, gzip: gzip.bytes, br: br.bytes },
    servedAs: { identity: identity.encoding, gzip: gzip.encoding, br: br.encoding },
    cacheControl: identity.cacheControl,
  };
}

/** Every distinct file the pages fetched, weighed once. */
const cache = new Map<string, Fetched>();
async function measure(url: string): Promise<Fetched> {
  const known = cache.get(url) ?? (await weigh(url));
  cache.set(url, known);
  return known;
}

/** The bench's own server creates this administrator; with BASE_URL, set these two to an existing one. */
const ADMIN = {
  username: process.env.ADMIN_USERNAME ?? 'bench-admin',
  password: process.env.ADMIN_PASSWORD ?? 'Bench-admin-Passw0rd',
};

/** A session as the page's island keeps it: the user's token and record, or the admin token. */
async function sessionFor(baseUrl: string, role: Role): Promise<Record<string, string>> {
  if (role === 'admin') {
    const answer = await call(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (answer.status !== 200) throw new Error(`admin sign-in failed: ${answer.status} ${answer.text}`);
    return { adminToken: (JSON.parse(answer.text) as { token: string }).token };
  }
  const session: Session =
    role === 'affiliate' ? await createAffiliate(baseUrl) : await createPaidAccount(baseUrl, role);
  return { authToken: session.token, userData: JSON.stringify(session.user) };
}

const server = process.env.BASE_URL
  ? undefined
  : await startServer(benchPort(3700), { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
// A listed professional for the profile page (the bench's own database starts empty).
const profilePage = PAGES.find((p) => p.path.startsWith('/professionals/'))!;
profilePage.path = `/professionals/${(await createPaidAccount(baseUrl, 'professional')).user.id}`;
const chosen = process.argv.slice(2);
const pages = chosen.length
  ? chosen.map((path) => PAGES.find((p) => p.path === path) ?? { path, goal: 'none' as Goal })
  : PAGES;
const browser = await launchChromium();

const pad = (s: string | number, n: number) => String(s).padStart(n);
const trio = (b: Bytes) => `${pad(b.raw, 7)} ${pad(b.gzip, 6)} ${pad(b.br, 6)}`;
const sessions = new Map<Role, Record<string, string>>();
const notes: string[] = [];
/** The landing page's weight, for its line under the table (still no JavaScript). */
let landing: Weight | undefined;
/** The page whose first visit installs the service worker in the figures below: a customer's sign-in lands there. */
const FIRST_SIGNED_IN = '/customer-dashboard';
let firstSignedIn = new Set<string>();

console.log(`Page weight at ${baseUrl}: bytes of every file of the site each page fetched on first load`);
console.log('(raw = Accept-Encoding: identity, gz = gzip, br = brotli; KB = 1000 bytes; API answers not counted)');
console.log(`Machine at the start: ${machineLine()}\n`);
console.log(
  'page'.padEnd(24),
  'signed in as'.padEnd(13),
  pad('files', 5),
  '  HTML raw     gz     br',
  '   CSS raw     gz     br',
  '    JS raw     gz     br',
  pad('other gz', 9),
  pad('total gz', 9),
  pad('total br', 9),
  ' goal (first load)       result',
);
try {
  for (const spec of pages) {
    const probe = await call(baseUrl + spec.path);
    if (probe.status < 200 || probe.status > 299) {
      if (spec.optional) {
        notes.push(`${spec.path}: not in this build (${probe.status}), skipped`);
        continue;
      }
      notes.push(`${spec.path}: answered ${probe.status}`);
    }
    // The service worker blocked: the row is what the page itself fetches (once the worker serves
    // the page, its requests are no longer the page's own); the worker's download is counted below.
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'block',
    });
    if (spec.role) {
      if (!sessions.has(spec.role)) sessions.set(spec.role, await sessionFor(baseUrl, spec.role));
      await context.addInitScript((keys) => {
        for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
      }, sessions.get(spec.role)!);
    }
    const page = await context.newPage();
    const urls = new Set<string>();
    page.on('requestfinished', (req) => urls.add(req.url()));
    await page.goto(baseUrl + spec.path, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const landed = new URL(page.url()).pathname;
    if (landed !== spec.path && landed !== `${spec.path}/`) notes.push(`${spec.path}: the browser ended on ${landed}`);
    await context.close();

    const w: Weight = {
      html: { raw: 0, gzip: 0, br: 0 },
      css: { raw: 0, gzip: 0, br: 0 },
      js: { raw: 0, gzip: 0, br: 0 },
      other: { raw: 0, gzip: 0, br: 0 },
      files: 0,
    };
    for (const url of urls) {
      if (!url.startsWith(baseUrl) || new URL(url).pathname.startsWith('/api/')) continue;
      const f = await measure(url);
      const k = kind(f.type);
      w[k].raw += f.bytes.raw;
      w[k].gzip += f.bytes.gzip;
      w[k].br += f.bytes.br;
      w.files++;
    }
    if (spec.path === '/') landing = w;
    if (spec.path === FIRST_SIGNED_IN) firstSignedIn = urls;
    const goal = GOALS[spec.goal];
    console.log(
      spec.path.padEnd(24),
      (spec.role ?? '-').padEnd(13),
      pad(w.files, 5),
      trio(w.html),
      trio(w.css),
      trio(w.js),
      pad(w.other.gzip, 9),
      pad(total(w, 'gzip'), 9),
      pad(total(w, 'br'), 9),
      ` ${(goal?.text ?? '-').padEnd(24)}`,
      goal ? (goal.pass(w) ? 'PASS' : 'MISS') : '-',
    );
  }

  if (landing)
    console.log(
      `\nLanding page (/): ${landing.js.raw} bytes of JavaScript (${landing.js.raw === 0 ? 'none, as it must' : 'MISS: it must ship none'})`,
    );

  // The service worker, its manifest, and what it downloads at the first signed-in visit.
  const worker = await weigh(`${baseUrl}/sw.js`);
  const manifest = await weigh(`${baseUrl}/manifest.webmanifest`);
  console.log('\nInstallable app (raw / gz / br bytes):');
  console.log(`  service worker /sw.js         ${trio(worker.bytes)}   Cache-Control "${worker.cacheControl}"`);
  console.log(`  manifest.webmanifest          ${trio(manifest.bytes)}   Cache-Control "${manifest.cacheControl}"`);
  // The list is per role (each entry names its roles, or none for everyone): the worker installed
  // for a role precaches its entries only.
  const precacheList = (precacheListIn((await call(`${baseUrl}/sw.js`)).text) ?? []) as {
    url: string;
    for?: string;
  }[];
  for (const role of ['customer', 'professional', 'affiliate', 'admin'] as const) {
    const mine = precacheList.filter((entry) => !entry.for || entry.for.split(' ').includes(role));
    const precached: Bytes = { raw: 0, gzip: 0, br: 0 };
    const alreadyFetched: Bytes = { raw: 0, gzip: 0, br: 0 };
    for (const entry of mine) {
      const url = new URL(entry.url, baseUrl).href;
      const f = await weigh(url);
      for (const e of ['raw', 'gzip', 'br'] as const) {
        precached[e] += f.bytes[e];
        // A file the page already fetched comes from the browser's cache (a hashed file asked with
        // the default cache mode, a page revalidated: a 304): only the rest crosses the network.
        if (role === 'customer' && firstSignedIn.has(url)) alreadyFetched[e] += f.bytes[e];
      }
    }
    console.log(`  precache for ${role.padEnd(12)} (${String(mine.length).padStart(3)} files) ${trio(precached)}`);
    if (role === 'customer')
      console.log(
        `    of which ${FIRST_SIGNED_IN} had already fetched ${trio(alreadyFetched)}: the rest, ${precached.br - alreadyFetched.br} bytes br, is what a visit straight to the dashboard adds (after a sign-in, /signin and its chunks are in the browser cache too)`,
      );
  }

  // Caching and encodings, over every distinct file the pages fetched.
  const files = [...cache.values()];
  const hashed = files.filter((f) => new URL(f.url).pathname.startsWith('/_astro/'));
  const immutable = hashed.filter(
    (f) => /immutable/.test(f.cacheControl) && Number(/max-age=(\d+)/.exec(f.cacheControl)?.[1] ?? 0) >= 31_536_000,
  );
  const others = files.filter((f) => !hashed.includes(f));
  console.log(
    `\nCaching: ${immutable.length} of ${hashed.length} hashed files (/_astro/*) come with Cache-Control: immutable and max-age ≥ 1 year`,
  );
  for (const f of hashed.filter((h) => !immutable.includes(h)))
    console.log(`  not immutable: ${new URL(f.url).pathname}  "${f.cacheControl}"`);
  const pageCaching = new Map<string, string[]>();
  for (const f of others)
    pageCaching.set(f.cacheControl || '(none)', [
      ...(pageCaching.get(f.cacheControl || '(none)') ?? []),
      new URL(f.url).pathname,
    ]);
  for (const [value, paths] of pageCaching)
    console.log(`  unhashed files (${paths.length}): "${value}"  e.g. ${paths.slice(0, 3).join(' ')}`);

  console.log('\nEncodings served (files fetched by the pages, by type): asked br → got; asked gzip → got');
  const byType = new Map<string, { n: number; br: Map<string, number>; gzip: Map<string, number> }>();
  for (const f of files) {
    const type = f.type.split(';')[0] || '(none)';
    const row = byType.get(type) ?? { n: 0, br: new Map(), gzip: new Map() };
    row.n++;
    row.br.set(f.servedAs.br, (row.br.get(f.servedAs.br) ?? 0) + 1);
    row.gzip.set(f.servedAs.gzip, (row.gzip.get(f.servedAs.gzip) ?? 0) + 1);
    byType.set(type, row);
  }
  const list = (m: Map<string, number>) => [...m].map(([e, n]) => `${e} ×${n}`).join(', ');
  for (const [type, row] of byType)
    console.log(
      `  ${type.padEnd(24)} ${pad(row.n, 3)} files   br → ${list(row.br).padEnd(24)} gzip → ${list(row.gzip)}`,
    );
  const plain = files.filter((f) => /html|css|javascript|json|svg/.test(f.type) && f.servedAs.gzip === 'identity');
  for (const f of plain)
    console.log(`  sent uncompressed: ${new URL(f.url).pathname} (${f.bytes.raw} bytes, ${f.type.split(';')[0]})`);

  console.log(`\nMachine at the end: ${machineLine()}`);
  console.log('\nHTML includes its inline <script> and <style>; "other" is images, icons and fonts.');
  for (const note of notes) console.log(`Note: ${note}`);
} finally {
  await browser.close();
  await server?.stop();
}
