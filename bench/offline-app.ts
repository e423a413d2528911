/**
 * The installable app on a slow link: a customer's dashboard on 400 ms / 400 kbit/s
 * (the issue's profile; DevTools network emulation of the page), timed in five ways per run:
 *
 *   cold          a new browser context, nothing cached: the first signed-in visit
 *   warm, no SW   reloaded in a context whose service worker is blocked: the browser's own cache
 *   warm, SW      reloaded once the worker has installed (navigator.serviceWorker.ready)
 *   offline, SW   reloaded with no network at all: the page and its code from the worker
 *   installed     from the cold visit's start until the worker had installed (its precache done;
 *                 the worker's own downloads are not slowed by the page's emulation)
 *
 * Each visit is timed from the navigation's start to the islands awake (the guard and the
 * dashboard's code have arrived and run) and, online, to the dashboard drawn with its data (its
 * heading). Prints the median and the spread (min–max) of each; asserts nothing.
 *
 *   npm run bench:offline                  # 5 runs, starts the product on PGlite
 *   npm run bench:offline -- --runs 3
 */
import type { BrowserContext, Page } from '@playwright/test';
import { launchChromium, PHONE_CONTEXT } from './lib/browser.ts';
import { createPaidAccount } from './lib/accounts.ts';
import { machineLine } from './lib/machine.ts';
import { benchPort, startServer } from './lib/server.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const PROFILE = { latency: 400, kbps: 400 };

const server = await startServer(benchPort(3760));
const customer = await createPaidAccount(server.baseUrl, 'customer');
const browser = await launchChromium();

async function phonePage(context: BrowserContext): Promise<Page> {
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('userData', user);
    },
    { token: customer.token, user: JSON.stringify(customer.user) },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const bytesPerSecond = (PROFILE.kbps * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return page;
}

/** Milliseconds from the navigation's start until the islands are awake, and until the dashboard's heading shows. */
async function visit(
  page: Page,
  go: () => Promise<unknown>,
  online: boolean,
): Promise<{ awake: number; drawn?: number }> {
  await go();
  await page
    .locator('astro-island[ssr]:not([client="visible"])')
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 });
  const awake = await page.evaluate(() => performance.now());
  if (!online) return { awake };
  await page.getByRole('heading', { level: 1, name: 'Customer Dashboard' }).waitFor({ timeout: 60_000 });
  return { awake, drawn: await page.evaluate(() => performance.now()) };
}

const rows = new Map<string, number[]>();
const note = (name: string, ms: number | undefined) => {
  if (ms === undefined) return;
  rows.set(name, [...(rows.get(name) ?? []), Math.round(ms)]);
};

console.log(`Installable app on ${PROFILE.latency} ms / ${PROFILE.kbps} kbit/s, ${RUNS} runs (${machineLine()})`);
try {
  for (let run = 0; run < RUNS; run++) {
    // The browser's own cache, without the worker.
    const plain = await browser.newContext({ ...PHONE_CONTEXT, serviceWorkers: 'block' });
    const plainPage = await phonePage(plain);
    const url = `${server.baseUrl}/customer-dashboard`;
    const cold = await visit(plainPage, () => plainPage.goto(url), true);
    note('cold: islands awake', cold.awake);
    note('cold: dashboard drawn', cold.drawn);
    const warm = await visit(plainPage, () => plainPage.reload(), true);
    note('warm, no SW: islands awake', warm.awake);
    note('warm, no SW: dashboard drawn', warm.drawn);
    await plain.close();

    // With the worker: the first visit installs it.
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await phonePage(context);
    const started = Date.now();
    await visit(page, () => page.goto(url), true);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    note('installed (from the cold start)', Date.now() - started);
    const withWorker = await visit(page, () => page.reload(), true);
    note('warm, SW: islands awake', withWorker.awake);
    note('warm, SW: dashboard drawn', withWorker.drawn);
    await context.setOffline(true);
    const offline = await visit(page, () => page.reload(), false);
    note('offline, SW: islands awake', offline.awake);
    await context.close();
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
  };
  console.log(`\n${'visit'.padEnd(34)} ${'median ms'.padStart(9)}  spread (min–max)  runs`);
  for (const [name, values] of rows)
    console.log(
      `${name.padEnd(34)} ${String(median(values)).padStart(9)}  ${`${Math.min(...values)}–${Math.max(...values)}`.padEnd(16)}  ${values.join(' ')}`,
    );
  console.log(`\nMachine at the end: ${machineLine()}`);
} finally {
  await browser.close();
  await server.stop();
}
