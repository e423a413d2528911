import { get as httpGet } from 'node:http';
import type { BrowserContext, CDPSession, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount } from './fixtures/accounts.ts';
import { ADMIN } from './fixtures/admin.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import { workerServes } from './fixtures/parts.ts';
import { PHONE, refuseLocation } from './fixtures/phone.ts';

// What a first sign-in costs on a new phone, in bytes received, for each role: the sign-in page,
// the dashboard it lands on, and the service worker that dashboard installs (its script and what
// it caches), until the worker is active and its install is over (ARCHITECTURE.md "Offline and
// releases"). Every byte is counted as Chromium counts it on the wire (encodedDataLength: headers
// and the compressed body), for the page (a CDP session on it) and for the worker (Playwright
// attaches to it before it runs and reports its requests); a file the HTTP cache answers costs 0.
// A customer's must stay within 200 KB (docs/BENCHMARKS.md "First sign-in on a new phone").

test.use({ viewport: PHONE });

/** KB as the budgets say it: 1000 bytes. */
const CUSTOMER_BUDGET = 200_000;

type Part = 'sign-in page' | 'dashboard' | 'worker script' | "worker's caching";
interface Received {
  part: Part;
  url: string;
  bytes: number;
}

/**
 * Counts what `page` receives from the network while `phase()` names the part, and what the
 * context's service worker receives. Requests the worker answered for the page are not counted on
 * the page's side (the worker's own fetch, if any, is).
 */
async function countBytes(context: BrowserContext, page: Page, phase: () => Part) {
  const received: Received[] = [];
  const cdp: CDPSession = await context.newCDPSession(page);
  const open = new Map<string, { url: string; part: Part; fromWorker: boolean; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    open.set(event.requestId, { url: event.request.url, part: phase(), fromWorker: false, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = open.get(event.requestId);
    if (request) request.fromWorker = event.response.fromServiceWorker === true;
  });
  // A stream (the live updates) never finishes: what it has received so far.
  cdp.on('Network.dataReceived', (event) => {
    const request = open.get(event.requestId);
    if (request) request.bytes += event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = open.get(event.requestId);
    open.delete(event.requestId);
    if (request && !request.fromWorker)
      received.push({ part: request.part, url: request.url, bytes: event.encodedDataLength });
  });
  await cdp.send('Network.enable');

  const fromWorker: Promise<void>[] = [];
  const onWorkerRequest = (request: Request) => {
    if (!request.serviceWorker()) return;
    fromWorker.push(
      request.sizes().then((sizes) => {
        // Playwright's body size is encodedDataLength less the headers: the sum is Chromium's count.
        const bytes = Math.max(0, sizes.responseHeadersSize + sizes.responseBodySize);
        received.push({ part: "worker's caching", url: request.url(), bytes });
      }),
    );
  };
  context.on('requestfinished', onWorkerRequest);
  return {
    async done(): Promise<Received[]> {
      context.off('requestfinished', onWorkerRequest);
      await Promise.all(fromWorker);
      for (const request of open.values())
        if (!request.fromWorker && request.bytes > 0)
          received.push({ part: request.part, url: request.url, bytes: request.bytes });
      await cdp.detach();
      return received;
    },
  };
}

/**
 * The worker's script is fetched by the browser itself, outside the page's and the worker's
 * network: counted as what the server sends for it as Chromium asks (brotli), headers included.
 */
function workerScriptBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < response.rawHeaders.length; i += 2)
        bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

interface Journey {
  role: 'customer' | 'professional' | 'affiliate' | 'administrator';
  /** Signs in from a fresh phone as a person would; ends when the dashboard is drawn. */
  signIn(page: Page, next: () => void): Promise<void>;
}

/** /signin as a person uses it: the account type, by e-mail, Sign In; lands on the dashboard. */
async function signInAs(page: Page, type: string, email: string, password: string, next: () => void) {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('radio', { name: type }).check();
  await form.getByRole('radio', { name: 'Email' }).check();
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.locator('astro-island[component-url*="/SignIn."]:not([ssr])')).toHaveCount(1);
  next();
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/-dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('tablist').first()).toBeVisible();
}

function report(role: string, received: Received[]): number {
  const parts: Part[] = ['sign-in page', 'dashboard', 'worker script', "worker's caching"];
  const total = received.reduce((sum, r) => sum + r.bytes, 0);
  const lines = parts.map((part) => {
    const mine = received.filter((r) => r.part === part);
    const bytes = mine.reduce((sum, r) => sum + r.bytes, 0);
    return `  ${part.padEnd(17)} ${String(bytes).padStart(8)} bytes in ${String(mine.filter((r) => r.bytes > 0).length).padStart(3)} requests`;
  });
  console.log(
    `First sign-in on a new phone, ${role}: ${total} bytes in ${received.filter((r) => r.bytes > 0).length} requests\n${lines.join('\n')}`,
  );
  if (process.env.BYTES_DETAIL)
    for (const r of received.filter((x) => x.bytes > 0))
      console.log(`    ${r.part.padEnd(17)} ${String(r.bytes).padStart(7)} ${new URL(r.url).pathname}`);
  return total;
}

async function measure(context: BrowserContext, journey: Journey): Promise<number> {
  const page = await context.newPage();
  await refuseLocation(page);
  let part: Part = 'sign-in page';
  const counter = await countBytes(context, page, () => part);
  await journey.signIn(page, () => {
    part = 'dashboard';
  });
  // The worker is active, serves the page, and its install (everything it caches) is over.
  await workerServes(page);
  part = "worker's caching";
  const received = await counter.done();
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active!.scriptURL);
  received.push({ part: 'worker script', url: script, bytes: await workerScriptBytes(script) });
  await page.close();
  return report(journey.role, received);
}

test('a first sign-in on a new phone: what each role receives, the service worker included; a customer ≤ 200 KB', async ({
  browser,
  request,
}) => {
  const customer = await createPaidAccount(request, { firstName: 'Adjoa', lastName: 'Bytes' });
  const professional = await createPaidAccount(request, {
    firstName: 'Yaw',
    lastName: 'Bytes',
    userType: 'professional',
    profession: 'Plumber',
  });
  const affiliate = await signUpAffiliate(request, 'Efua', 'Bytes');
  const journeys: Journey[] = [
    { role: 'customer', signIn: (page, next) => signInAs(page, 'Customer', customer.email, customer.password, next) },
    {
      role: 'professional',
      signIn: (page, next) => signInAs(page, 'Professional', professional.email, professional.password, next),
    },
    { role: 'affiliate', signIn: (page, next) => signInAs(page, 'Affiliate', affiliate.email, 'GoodPass123', next) },
    {
      role: 'administrator',
      async signIn(page, next) {
        await page.goto('/admin/login');
        await page.getByLabel('Username').fill(ADMIN.username);
        await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
        await expect(page.locator('astro-island[component-url*="/AdminLogin."]:not([ssr])')).toHaveCount(1);
        next();
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      },
    },
  ];
  const totals = new Map<string, number>();
  for (const journey of journeys) {
    // A new phone: nothing in the browser's cache, no worker.
    const context = await browser.newContext({ viewport: PHONE });
    try {
      totals.set(journey.role, await measure(context, journey));
    } finally {
      await context.close();
    }
  }
  expect(totals.get('customer')).toBeLessThanOrEqual(CUSTOMER_BUDGET);
});
