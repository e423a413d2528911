import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page, Response } from '@playwright/test';
import { precacheListIn } from '../site/integrations/service-worker.ts';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import {
  failedParts,
  findProfessional,
  newProfessional,
  professionalWithRequest,
  uniqueSurname,
  workerServes,
} from './fixtures/parts.ts';
import { pageReady } from './fixtures/pages.ts';
import { PHONE, refuseLocation } from './fixtures/phone.ts';

// On a 360 px phone: after the first signed-in visit the service worker (site/sw/service-worker.ts)
// holds that role's app, so with the signal gone every part of the role's dashboard opens, and the
// dashboard itself reopens from the worker; the general dashboard's parts are kept when first
// used; a new release reaches the next visit while a page already open keeps the code it was
// built with.

test.use({ viewport: PHONE });

const CLIENT_DIR = join(import.meta.dirname, '..', 'site', 'dist', 'client');
const CHUNKS_DIR = join(CLIENT_DIR, '_astro');
/** Every chunk of the build the server runs (e2e runs after `npm run build`) whose name starts with `screen`. */
const builtChunks = (screen: RegExp) =>
  readdirSync(CHUNKS_DIR)
    .filter((file) => /\.(js|css)$/.test(file) && screen.test(file))
    .map((file) => `/_astro/${file}`);

/** What the server's worker precaches for `role` (its list names the roles of each entry). */
async function precachedFor(request: APIRequestContext, role: string): Promise<string[]> {
  const list = precacheListIn(await (await request.get('/sw.js')).text()) ?? [];
  return list
    .filter((entry) => {
      const owners = (entry as { for?: string }).for;
      return !owners || owners.split(' ').includes(role);
    })
    .map((entry) => entry.url);
}

/** The path of every request the worker's caches hold. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

/**
 * Opens parts of the page (`open`, with the signal gone or their files gone from the server): the
 * code of each of `parts` (chunks by name, not loaded before) comes from the worker, and each
 * draws (no "could not load", no Loading).
 */
async function opensFromWorker(page: Page, parts: string[], open: () => Promise<void>): Promise<void> {
  const served = parts.map((part) =>
    page.waitForResponse((response) => new RegExp(`/_astro/${part}\\.[\\w-]+\\.js$`).test(response.url())),
  );
  await open();
  for (const response of await Promise.all(served)) expect(response.fromServiceWorker(), response.url()).toBe(true);
  await expect(failedParts(page)).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** Opens `path` with the signal gone: it must come from the worker, and its islands must wake. */
async function reopenOffline(page: Page, path: string): Promise<void> {
  const fromNetwork: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/_astro/') && !response.fromServiceWorker())
      fromNetwork.push(response.url());
  });
  const response = await page.goto(path);
  expect(response!.fromServiceWorker(), `${path} from the worker`).toBe(true);
  await pageReady(page);
  expect(fromNetwork).toEqual([]);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(failedParts(page)).toHaveCount(0);
}

test('the landing page links the manifest and runs no script; no page installs the worker before a sign-in', async ({
  page,
}) => {
  const landing = await page.goto('/');
  const html = await landing!.text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  expect(html).not.toMatch(/<script\b/i);
  await page.goto('/signin');
  await pageReady(page);
  // Signed out, a dashboard sends to /signin without installing anything.
  await page.goto('/customer-dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await pageReady(page);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
});

test("customer: signed in once, the worker holds the customer's pages and parts (never another role's, the console, a diagnostic page or the API); offline every part opens, and the dashboard reopens", async ({
  page,
  request,
}) => {
  const {
    customerAccount: account,
    surname,
    proName,
  } = await professionalWithRequest(request, {
    professional: 'Kofi',
    customer: 'Abla',
    profession: 'Plumber',
    surname: 'Cache',
  });
  const context = page.context();
  await refuseLocation(page);

  // The first visit: the sign-in page, then the dashboard, which installs the worker.
  await page.goto('/signin');
  await page.getByRole('radio', { name: 'Customer' }).check();
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('Phone number').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await workerServes(page);
  const cached = await cachedPaths(page);
  const customers = await precachedFor(request, 'customer');
  expect(customers).toEqual(expect.arrayContaining(['/customer-dashboard', '/signin', '/offline']));
  expect(cached).toEqual(expect.arrayContaining(customers));
  expect(cached).toEqual(expect.arrayContaining(builtChunks(/^(?:BookingDialog|MyBookings|Profile|ChatPanel)\./)));
  const never = builtChunks(
    /^(?:AdminConsole|UserDialog|SettingsTab|DevMailbox|ApiTest|LoginDebug|PaymentDebug|PaymentTest|AppShellTest|ProfessionalDashboard|AffiliateDashboard)\./,
  );
  expect(never.length).toBeGreaterThan(5);
  expect(cached.filter((path) => never.includes(path))).toEqual([]);
  for (const page of ['/professional-dashboard', '/affiliate-dashboard', '/admin/dashboard', '/signup', '/dev-mailbox'])
    expect(cached).not.toContain(page);

  const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
  const card = await findProfessional(page, surname, proName);

  // Offline: the booking dialog, My Bookings and Profile open from the worker.
  await context.setOffline(true);
  await opensFromWorker(page, ['BookingDialog'], () =>
    card.getByRole('button', { name: `Book Appointment with ${proName}` }).click(),
  );
  await expect(page.getByRole('dialog', { name: `Book ${proName}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await opensFromWorker(page, ['MyBookings'], () => tabs.getByRole('tab', { name: 'My Bookings' }).click());
  await expect(page.getByRole('tablist', { name: 'Filter bookings by status' })).toBeVisible();
  await opensFromWorker(page, ['Profile'], () => tabs.getByRole('tab', { name: 'Profile' }).click());
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  // The chat of a booking on screen.
  await context.setOffline(false);
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  const booking = page.getByRole('article', { name: `Plumber with ${proName}` });
  await expect(booking).toBeVisible();
  await context.setOffline(true);
  await opensFromWorker(page, ['ChatPanel'], () => booking.getByRole('button', { name: 'Message' }).click());
  await expect(booking.getByRole('region', { name: `Chat with ${proName}` })).toBeVisible();

  // The dashboard and the sign-in page reopen offline; /dashboard, never opened here, opens the
  // customer's own dashboard.
  await reopenOffline(page, '/customer-dashboard');
  await reopenOffline(page, '/dashboard');
  await expect(page.getByRole('tablist', { name: 'Customer dashboard' })).toBeVisible();
  await reopenOffline(page, '/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  // Nothing of the API was kept on the way.
  expect((await cachedPaths(page)).filter((path) => path.startsWith('/api/'))).toEqual([]);
});

test('professional: offline, Job Requests and its chat, Schedule, Earnings and the profile cards open from the worker; the general dashboard and its Analytics, used once online, reopen offline', async ({
  page,
  request,
}) => {
  const { pro, customerName } = await professionalWithRequest(request, {
    professional: 'Kwesi',
    customer: 'Afia',
    profession: 'Carpenter',
    surname: 'Held',
  });
  await useSession(page, await login(request, pro));
  const context = page.context();

  await page.goto('/professional-dashboard');
  await workerServes(page);
  // The general dashboard is not precached: its page and parts are kept as they are used.
  await page.goto('/dashboard');
  const general = page.getByRole('tablist', { name: 'Dashboard sections' });
  const analytics = page.waitForResponse(/\/_astro\/Analytics\.[\w-]+\.js$/);
  await general.getByRole('tab', { name: 'Analytics' }).click();
  await analytics;
  await context.setOffline(true);
  await reopenOffline(page, '/dashboard');
  await opensFromWorker(page, ['Analytics'], () => general.getByRole('tab', { name: 'Analytics' }).click());
  await context.setOffline(false);

  await page.goto('/professional-dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await tabs.getByRole('tab', { name: 'Job Requests' }).click();
  const job = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: customerName }) });
  await expect(job).toBeVisible();
  await context.setOffline(true);
  await opensFromWorker(page, ['ChatPanel'], () => job.getByRole('button', { name: /^Message/ }).click());
  await expect(job.getByRole('region', { name: `Chat with ${customerName}` })).toBeVisible();
  await opensFromWorker(page, ['Schedule'], () => tabs.getByRole('tab', { name: 'Schedule' }).click());
  await opensFromWorker(page, ['Earnings'], () => tabs.getByRole('tab', { name: 'Earnings' }).click());
  await opensFromWorker(page, ['ProfileTab', 'WorkPhotos', 'VerificationCard'], () =>
    tabs.getByRole('tab', { name: 'Profile' }).click(),
  );
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /Edit Profile/ })).toBeVisible();

  await reopenOffline(page, '/professional-dashboard');
});

test('affiliate: offline, Earnings and Profile open from the worker, and the dashboard reopens', async ({
  page,
  request,
}) => {
  const affiliate = await signUpAffiliate(request, 'Araba', uniqueSurname('Kept'));
  await useSession(page, affiliate);
  const context = page.context();
  await page.goto('/affiliate-dashboard');
  await workerServes(page);
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  // The dashboard's data has come once (the worker's install can be over before it has).
  await expect(tabs).toBeVisible();

  await context.setOffline(true);
  await opensFromWorker(page, ['Earnings'], () => tabs.getByRole('tab', { name: 'Earnings' }).click());
  await expect(page.getByRole('list', { name: 'Your earnings' })).toBeVisible();
  await opensFromWorker(page, ['ProfileTab'], () => tabs.getByRole('tab', { name: 'Profile' }).click());
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();

  await reopenOffline(page, '/affiliate-dashboard');
});

test('admin: offline, Settings, the user dialog and its Verification tab open from the worker; reopened offline, the console sends to its sign-in page, which opens', async ({
  page,
  request,
}) => {
  const { pro, proName: name } = await newProfessional(request, {
    professional: 'Ekow',
    profession: 'Welder',
    surname: 'Desk',
  });
  const context = page.context();
  await signInAdmin(page);
  await workerServes(page);
  const sections = page.getByRole('tablist', { name: 'Admin sections' });
  await sections.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(pro.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const open = page.getByRole('button', { name, exact: true });
  await expect(open).toBeVisible();

  await context.setOffline(true);
  await opensFromWorker(page, ['UserDialog'], () => open.click());
  await expect(page.getByRole('dialog', { name: 'User profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await opensFromWorker(page, ['SettingsTab'], () => sections.getByRole('tab', { name: 'Settings' }).click());

  // The dialog's Verification tab, once its data is on screen.
  await context.setOffline(false);
  await sections.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(pro.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await open.click();
  const profile = page.getByRole('dialog', { name });
  await expect(profile.getByRole('tab', { name: 'Verification' })).toBeVisible();
  await context.setOffline(true);
  await opensFromWorker(page, ['VerificationTab'], () => profile.getByRole('tab', { name: 'Verification' }).click());
  await page.keyboard.press('Escape');

  // The console cannot check the token offline: it goes to its sign-in page, from the worker too.
  const response = await page.goto('/admin/dashboard');
  expect(response!.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});

/**
 * Puts `content` in place of a file of the build the server sends (without its .br/.gz twins, so
 * the server sends this one), as a release would; returns what puts the file and its twins back.
 * The browser fetches a worker's script itself, out of the test's reach (context.route never sees
 * it): only a file on the server can stand for a new release's worker.
 */
function replaceBuiltFile(name: string, content: string): () => void {
  const files = [name, `${name}.br`, `${name}.gz`].map((file) => join(CLIENT_DIR, file)).filter(existsSync);
  const kept = new Map(files.map((file) => [file, readFileSync(file)]));
  for (const file of files) rmSync(file);
  writeFileSync(join(CLIENT_DIR, name), content);
  return () => {
    for (const [file, bytes] of kept) writeFileSync(file, bytes);
  };
}

/** What the worker that serves the site's pages now is doing: 'waiting' while a newer one waits. */
async function workerState(context: BrowserContext): Promise<string> {
  for (const worker of context.serviceWorkers()) {
    try {
      return await worker.evaluate(() => {
        const { registration } = self as unknown as { registration: ServiceWorkerRegistration };
        return registration.waiting ? 'waiting' : (registration.active?.state ?? 'none');
      });
    } catch {
      // A worker that has just been replaced: ask the next one.
    }
  }
  return 'none';
}

/** The server's id of the response (a copy kept by the worker keeps the id of the request that fetched it). */
const requestId = (response: Response | null) => response?.headers()['x-request-id'];

test('a new release: the open page keeps the code it was built with, the new worker waits until no page of the old one is open, and online visits get the new pages at once', async ({
  browser,
  request,
}) => {
  // The worker's script is asked for again on every check, and the manifest is what browsers expect.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect((await request.get('/manifest.webmanifest')).headers()['content-type']).toMatch(
    /^application\/manifest\+json/,
  );

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Nana', lastName: 'Release' }));
  await refuseLocation(page);
  await useSession(page, customer);
  await page.goto('/customer-dashboard');
  await workerServes(page);
  const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
  await expect(tabs).toBeVisible();

  // Release 2 reaches the server. What the test can stand for without a second build: the
  // worker's list changed (its revision of the dashboard's page), and the files of release 1
  // under /_astro/ are gone (a release removes them: any request for one that reaches the network
  // is refused). Which copy of the page a visit got is told by the server's id of the response
  // that brought it: a copy kept by a worker keeps the id of the request that fetched it.
  const release2Worker = (await worker.text()).replace(
    /("revision":")[^"]+(","url":"\/customer-dashboard")/,
    '$1release-2$2',
  );
  expect(release2Worker).toContain('"revision":"release-2"');
  await context.route(/\/_astro\//, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const restoreWorker = replaceBuiltFile('sw.js', release2Worker);
  try {
    // The open page of release 1 still opens its parts: their files are gone, the worker has them.
    await opensFromWorker(page, ['MyBookings'], () => tabs.getByRole('tab', { name: 'My Bookings' }).click());
    await opensFromWorker(page, ['Profile'], () => tabs.getByRole('tab', { name: 'Profile' }).click());

    // The browser finds the new worker: it installs, and waits while a page of the old one is open.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect.poll(() => workerState(context)).toBe('waiting');
    // Two pages kept at earlier visits: one that runs a file this release no longer has anywhere
    // (it would open offline without its code), one that runs none (a public page).
    const builtFile = builtChunks(/^RouteGuard\./)[0];
    await page.evaluate(async (kept) => {
      const pages = await caches.open('pages-kept');
      await pages.put(
        '/kept-running-a-gone-file',
        new Response(
          `<script type="module" src="/_astro/Gone.x1.js"></script><script type="module" src="${kept}"></script>`,
        ),
      );
      await pages.put('/kept-running-nothing', new Response('<h1>Terms</h1>'));
      await pages.put('/kept-running-a-held-file', new Response(`<script type="module" src="${kept}"></script>`));
    }, builtFile);
    await opensFromWorker(page, ['FindPro'], () => tabs.getByRole('tab', { name: 'Find Services' }).click());

    // Meanwhile a visit online gets the page from the network; offline, the old worker answers
    // with its own copy, of the release whose code it holds.
    const second = await context.newPage();
    await refuseLocation(second);
    const online = requestId(await second.goto('/customer-dashboard'));
    await context.setOffline(true);
    const keptByOld = requestId(await second.reload());
    expect(keptByOld).toBeTruthy();
    expect(keptByOld).not.toBe(online);
    expect(requestId(await second.reload())).toBe(keptByOld);
    await pageReady(second);
    await context.setOffline(false);

    // No page of release 1 open any more: the new worker takes over; offline it answers with the
    // copy it fetched itself at install, and the old copy is gone from the cache.
    await page.close();
    await second.close();
    await expect.poll(() => workerState(context)).toBe('activated');
    const third = await context.newPage();
    await refuseLocation(third);
    const onlineAgain = requestId(await third.goto('/customer-dashboard'));
    await workerServes(third);
    await context.setOffline(true);
    const keptByNew = requestId(await third.reload());
    expect(keptByNew).toBeTruthy();
    expect([online, onlineAgain, keptByOld]).not.toContain(keptByNew);
    await pageReady(third);
    expect((await cachedPaths(third)).filter((path) => path === '/customer-dashboard')).toHaveLength(1);
    // The new worker forgot the kept page whose file is gone, and kept the others.
    const kept = await cachedPaths(third);
    expect(kept).not.toContain('/kept-running-a-gone-file');
    expect(kept).toEqual(expect.arrayContaining(['/kept-running-nothing', '/kept-running-a-held-file']));
    await context.close();
  } finally {
    restoreWorker();
  }
});
