import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  filesNamed,
  keptWhenVisited,
  mayKeep,
  pageAddress,
  ROLE_PAGES,
  roleOf,
  standIn,
  WORKER_ROLES,
} from '../sw/pages.ts';
import { writeAppManifest } from './app-manifest.ts';
import { buildServiceWorker, PRECACHED_PAGES, precacheList, precacheListIn } from './service-worker.ts';

/** The chunks of a built site, each with what it imports (statically, or with import() as the lazy parts do). */
const CHUNKS: Record<string, string> = {
  'client.Caa7.js': 'import"./vendor.C1Qb.js";',
  'vendor.C1Qb.js': 'export const react = 1;',
  'core.hO62.js': 'import{a}from"./vendor.C1Qb.js";',
  'SignIn.S1.js': 'import{a}from"./core.hO62.js";const q=()=>import(`./CodeSignIn.Q1.js`);',
  'CodeSignIn.Q1.js': 'import{a}from"./core.hO62.js";',
  'RouteGuard.BzRL.js':
    'import{a}from"./core.hO62.js";const l={customer:()=>import(`./CustomerDashboard.C1.js`),professional:()=>import(`./ProfessionalDashboard.P1.js`),affiliate:()=>import(`./AffiliateDashboard.A1.js`),any:()=>import(`./GeneralDashboard.G1.js`)};',
  'CustomerDashboard.C1.js': 'import{t}from"./Tabs.T1.js";const b=()=>import(`./BookingDialog.B1.js`);',
  'BookingDialog.B1.js': 'import{c}from"./ChatPanel.H1.js";',
  'ChatPanel.H1.js': 'export const chat = 1;',
  'ProfessionalDashboard.P1.js':
    'import{t}from"./Tabs.T1.js";import{c}from"./ChatPanel.H1.js";const e=()=>import(`./Earnings.Hfa3.js`);',
  'Earnings.Hfa3.js': 'export const e = 1;',
  'AffiliateDashboard.A1.js': 'import{t}from"./Tabs.T1.js";',
  'GeneralDashboard.G1.js': 'const a=()=>import(`./Analytics.N1.js`);',
  'Analytics.N1.js': 'export const a = 1;',
  'Tabs.T1.js': 'export const t = 1;',
  'AdminLogin.L1.js': 'import{a}from"./core.hO62.js";',
  'AdminConsole.K1.js': 'import{t}from"./Tabs.T1.js";const d=()=>import(`./UserDialog.U1.js`);',
  'UserDialog.U1.js': 'export const u = 1;',
  'DevMailbox.M1.js': 'import{a}from"./core.hO62.js";',
  'page.x1.css': 'p{}',
};

/** A page whose islands are `islands` (hydrated by Astro's client), as Astro writes one. */
const pageWith = (title: string, islands: string[]) =>
  `<!DOCTYPE html><title>${title}</title><link rel="stylesheet" href="/_astro/page.x1.css">${islands
    .map(
      (island) =>
        `<astro-island component-url="/_astro/${island}" renderer-url="/_astro/client.Caa7.js"></astro-island>`,
    )
    .join('')}`;

/** The islands of each page of the built site. */
const PAGES: Record<string, string[]> = {
  '/signin': ['SignIn.S1.js'],
  '/customer-dashboard': ['RouteGuard.BzRL.js'],
  '/professional-dashboard': ['RouteGuard.BzRL.js'],
  '/affiliate-dashboard': ['RouteGuard.BzRL.js'],
  '/dashboard': ['RouteGuard.BzRL.js'],
  '/admin/login': ['AdminLogin.L1.js'],
  '/admin/dashboard': ['AdminConsole.K1.js'],
  '/dev-mailbox': ['DevMailbox.M1.js'],
  '/offline': [],
  '/app': [],
  '/terms': [],
  '/support': [],
  '/api/health': [],
};

/** A built site: chunks (with their .br twins), the pages, public pages, and a folder named api. */
async function builtSite(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'service-worker-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  for (const [chunk, code] of Object.entries(CHUNKS)) {
    write(`_astro/${chunk}`, code);
    write(`_astro/${chunk}.br`, 'compressed');
  }
  for (const [page, islands] of Object.entries(PAGES)) write(`${page.slice(1)}/index.html`, pageWith(page, islands));
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

/** What the worker installed for `role` precaches (the entries for it, or for everyone). */
function precachedFor(list: ReturnType<typeof listIn>, role: string): string[] {
  return list
    .filter((entry) => {
      const owners = (entry as { for?: string }).for;
      return !owners || owners.split(' ').includes(role);
    })
    .map((entry) => entry.url)
    .sort();
}

const chunks = (...names: string[]) => names.map((name) => `/_astro/${name}`);
const SHARED = chunks('client.Caa7.js', 'vendor.C1Qb.js', 'page.x1.css');

describe('the service worker build step', () => {
  it("precaches for each role its pages and every chunk they can load for it, lazy parts included; never another role's screens, the console for anyone but an administrator, the diagnostic pages, anything under /api", async () => {
    const dir = await builtSite();
    const result = await buildServiceWorker(dir);
    const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
    const list = listIn(worker);
    const guard = chunks('core.hO62.js', 'RouteGuard.BzRL.js', 'SignIn.S1.js', 'Tabs.T1.js');
    expect(precachedFor(list, 'customer')).toEqual(
      [
        ...SHARED,
        ...guard,
        ...chunks('CustomerDashboard.C1.js', 'BookingDialog.B1.js', 'ChatPanel.H1.js'),
        '/customer-dashboard',
        '/signin',
        '/app',
        '/offline',
      ].sort(),
    );
    expect(precachedFor(list, 'professional')).toEqual(
      [
        ...SHARED,
        ...guard,
        ...chunks('ProfessionalDashboard.P1.js', 'ChatPanel.H1.js', 'Earnings.Hfa3.js'),
        '/professional-dashboard',
        '/signin',
        '/app',
        '/offline',
      ].sort(),
    );
    expect(precachedFor(list, 'affiliate')).toEqual(
      [
        ...SHARED,
        ...guard,
        ...chunks('AffiliateDashboard.A1.js'),
        '/affiliate-dashboard',
        '/signin',
        '/app',
        '/offline',
      ].sort(),
    );
    expect(precachedFor(list, 'admin')).toEqual(
      [
        ...SHARED,
        ...chunks('core.hO62.js', 'AdminLogin.L1.js', 'AdminConsole.K1.js', 'UserDialog.U1.js', 'Tabs.T1.js'),
        '/admin/dashboard',
        '/admin/login',
        '/app',
        '/offline',
      ].sort(),
    );
    // A worker whose role is unknown (registered before roles) precaches only what is for everyone.
    expect(precachedFor(list, 'nobody')).toEqual(
      [...SHARED, ...chunks('core.hO62.js', 'Tabs.T1.js'), '/app', '/offline'].sort(),
    );
    const urls = list.map((entry) => entry.url);
    for (const never of [
      ...chunks('DevMailbox.M1.js', 'GeneralDashboard.G1.js', 'Analytics.N1.js', 'CodeSignIn.Q1.js'),
      '/dashboard',
      '/dev-mailbox',
      '/terms',
      '/support',
      '/manifest.webmanifest',
    ])
      expect(urls).not.toContain(never);
    expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/icons/'))).toEqual([]);
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
    expect(revisionOf('/signin')).toBe(createHash('md5').update(html).digest('hex'));

    // A new release changes the page: its revision changes, the others stay.
    const before = revisionOf('/customer-dashboard');
    writeFileSync(join(dir, 'signin', 'index.html'), '<!DOCTYPE html><title>Sign in, release 2</title>');
    await buildServiceWorker(dir);
    expect(revisionOf('/signin')).not.toBe(createHash('md5').update(html).digest('hex'));
    expect(revisionOf('/customer-dashboard')).toBe(before);
  });

  it('fails the build when a page it should precache is missing', async () => {
    const dir = await builtSite();
    rmSync(join(dir, 'admin', 'dashboard'), { recursive: true });
    await expect(buildServiceWorker(dir)).rejects.toThrow(
      /precaches \/admin\/dashboard, which the build did not write/,
    );
  });

  it("fails the build when a role's screen has no chunk by its name (a rename would let every role's code in)", async () => {
    const dir = await builtSite();
    rmSync(join(dir, '_astro', 'CustomerDashboard.C1.js'));
    rmSync(join(dir, '_astro', 'CustomerDashboard.C1.js.br'));
    await expect(buildServiceWorker(dir)).rejects.toThrow(/CustomerDashboard's chunk/);
  });

  it('precaches every page some role needs, and the offline page', () => {
    expect(PRECACHED_PAGES).toEqual(expect.arrayContaining([...Object.values(ROLE_PAGES).flat(), '/offline']));
  });
});

describe('what the worker keeps, by address', () => {
  it('names a page as the browser asks for it, however it is asked for', () => {
    for (const url of [
      'https://x.gh/customer-dashboard',
      'https://x.gh/customer-dashboard/',
      'https://x.gh/customer-dashboard?tab=find',
      'https://x.gh/customer-dashboard/index.html',
      '/customer-dashboard#top',
    ])
      expect(pageAddress(url)).toBe('/customer-dashboard');
    expect(pageAddress('https://x.gh/admin/login/')).toBe('/admin/login');
    expect(pageAddress('https://x.gh/')).toBe('/');
    expect(pageAddress('https://x.gh/index.html')).toBe('/');
  });

  it('keeps the public pages and the dashboards when visited; never the API, a renewal link, a reset, the console or a diagnostic page', () => {
    for (const url of [
      '/',
      '/pricing',
      '/terms',
      '/privacy',
      '/support',
      '/affiliate-terms',
      '/professionals',
      '/professionals?city=Accra',
      '/professionals/12-kofi-mensah',
      '/signup',
      '/dashboard',
      '/customer-dashboard?tab=bookings',
    ])
      expect(keptWhenVisited(`https://x.gh${url}`), url).toBe(true);
    for (const url of [
      '/api/health',
      '/metrics',
      '/renew/abc123',
      '/reset-password?token=abc',
      '/admin/dashboard',
      '/admin',
      '/dev-mailbox',
      '/api-test',
      '/login-debug',
      '/payment-debug',
      '/payment-test',
      '/app-shell-test',
      '/professionals/12/reviews',
      '/sw.js',
    ])
      expect(keptWhenVisited(`https://x.gh${url}`), url).toBe(false);
  });

  it("offline, a dashboard never kept opens the role's own, and anything else our offline page", () => {
    expect(standIn('https://x.gh/dashboard', 'customer')).toBe('/customer-dashboard');
    expect(standIn('https://x.gh/customer-dashboard?tab=x', 'professional')).toBe('/professional-dashboard');
    expect(standIn('https://x.gh/dashboard', 'admin')).toBe('/offline');
    expect(standIn('https://x.gh/dashboard', null)).toBe('/offline');
    expect(standIn('https://x.gh/terms', 'customer')).toBe('/offline');
  });

  it("reads the role from the worker's address, and nothing else", () => {
    for (const role of WORKER_ROLES) expect(roleOf(`https://x.gh/sw.js?for=${role}`)).toBe(role);
    expect(roleOf('https://x.gh/sw.js')).toBeNull();
    expect(roleOf('https://x.gh/sw.js?for=root')).toBeNull();
  });

  it('reads the files a kept page runs, so a release that drops one forgets the page', () => {
    const html = `${pageWith('/dashboard', ['RouteGuard.BzRL.js'])}<link rel="modulepreload" href="/_astro/core.hO62.js"><script type="module" src="/_astro/client.Caa7.js?x=1"></script>`;
    expect(filesNamed(html).sort()).toEqual(
      chunks('RouteGuard.BzRL.js', 'client.Caa7.js', 'core.hO62.js', 'page.x1.css').sort(),
    );
    expect(filesNamed('<!DOCTYPE html><h1>Terms</h1><a href="/_astro">x</a>')).toEqual([]);
  });

  it('keeps a whole page meant for anyone, never one marked no-store or private, nor a failure', () => {
    const answer = (status: number, control?: string) => ({
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(control ? { 'cache-control': control } : {}),
    });
    expect(mayKeep(answer(200, 'public, max-age=0, must-revalidate'))).toBe(true);
    expect(mayKeep(answer(200))).toBe(true);
    expect(mayKeep(answer(200, 'no-store'))).toBe(false);
    expect(mayKeep(answer(200, 'private, max-age=60'))).toBe(false);
    expect(mayKeep(answer(404))).toBe(false);
    expect(mayKeep(answer(206))).toBe(false);
  });
});
