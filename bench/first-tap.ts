/**
 * A tap on Sign In at first paint: on a slow link a person opens /signin, the
 * phone's password manager fills the saved email and password, and the person taps Sign In as soon
 * as it takes a tap. Times, from the start of the /signin navigation:
 *   paint       the page's first contentful paint;
 *   tap taken   the first moment the Sign In button takes a tap: painted and enabled (a disabled
 *               button takes none), and the bench taps it then;
 *   live        the sign-in island has hydrated (Astro drops the island's `ssr` attribute);
 *   dashboard   the customer dashboard is usable: its islands have hydrated and nothing says Loading
 *               (e2e/fixtures/pages.ts pageReady, the browser suite's definition).
 * Each beside a control measured in the same run: the first paint of a page of one paragraph
 * (lib/hello-page.ts), loaded the same way, i.e. what any page costs this browser on this link.
 * Prints medians with min–max; asserts nothing.
 *
 *   npm run bench:first-tap                                    # this checkout only, 5 runs per row
 *   npm run bench:first-tap -- --before /path/to/old/checkout  # and an older build beside it (built)
 *   npm run bench:first-tap -- --runs 3 --starts cold --cpu 4
 *
 * The link is the issue's slow 3G: 400 ms round trip, 400 kbit/s each way (DevTools network
 * emulation: latency added once per request, bytes shaped to the bandwidth). Starts:
 *   cold  a new browser context: empty cache, new connections;
 *   warm  the same phone signed in once before and signed out since (its HTTP cache holds the
 *         scripts, which are immutable for a year; pages are checked again), as a returning person.
 * A fresh paid customer for every load. The runs are interleaved (control, before, after) so that
 * the machine's drift falls on each alike.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createPaidAccount } from './lib/accounts.ts';
import { launchChromium, PHONE_CONTEXT } from './lib/browser.ts';
import { startHelloPage } from './lib/hello-page.ts';
import { machineLine } from './lib/machine.ts';
import { benchPort, type RunningServer, startServer } from './lib/server.ts';
import { arg } from './lib/args.ts';

const RUNS = Number(arg('runs', '5'));
const CPU = Number(arg('cpu', '1'));
const STARTS = arg('starts', 'cold,warm').split(',') as Start[];
const BEFORE = arg('before', '');
const LINK = { rttMs: 400, downKbps: 400, upKbps: 400 };
type Start = 'cold' | 'warm';

interface Sample {
  paint: number;
  tap?: number;
  live?: number;
  dashboard?: number;
}

/**
 * In every page of a measured context: fills the saved email and password into the sign-in form as
 * soon as its fields are parsed, as the phone's password manager does, and taps Sign In (the
 * button's click()) at the first moment a person could: the page has painted and the button is
 * enabled. Notes that moment, and when the sign-in island hydrated. (An observer of new nodes and
 * of two attributes: little work for the page. The tap is the page's own, so the test driver's
 * polling adds nothing to either build; the browser suite taps for real: e2e/first-paint-forms.spec.ts.)
 */
function watchSignIn(saved: { email: string; password: string }) {
  if (location.pathname !== '/signin') return;
  const w = window as unknown as { __tap?: number; __live?: number };
  let painted = false;
  const look = () => {
    const form = document.querySelector<HTMLFormElement>('form[aria-label="Sign in"]');
    const email = form?.querySelector<HTMLInputElement>('input[name="email"]');
    const password = form?.querySelector<HTMLInputElement>('input[name="password"]');
    const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (email && password && !email.value && !password.value) {
      email.value = saved.email;
      password.value = saved.password;
    }
    if (w.__tap === undefined && painted && email?.value && button && !button.disabled) {
      w.__tap = performance.now();
      button.click();
    }
    const island = document.querySelector('astro-island[component-url*="/SignIn."]');
    if (w.__live === undefined && island && !island.hasAttribute('ssr')) w.__live = performance.now();
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['ssr', 'disabled'],
  });
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    painted = true;
    look();
  }).observe({ type: 'paint', buffered: true });
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LINK.rttMs,
    downloadThroughput: (LINK.downKbps * 1000) / 8,
    uploadThroughput: (LINK.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
}

const firstPaint = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, null, {
    timeout: 60_000,
  });

/** The page as its reader finds it (e2e/fixtures/pages.ts pageReady), as a time since `origin` (epoch ms). */
const dashboardReady = (page: Page, origin: number) =>
  page.waitForFunction(
    (since) => {
      if (!/-dashboard$/.test(location.pathname) || !document.querySelector('h1')) return false;
      if (document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="media"])')) return false;
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode())
        if (/^\s*Loading/.test(node.textContent ?? '') && node.parentElement?.checkVisibility()) return false;
      return performance.timeOrigin + performance.now() - since;
    },
    origin,
    { timeout: 120_000, polling: 50 },
  );

/** Signs in through the form (not measured): fills the cache of a `warm` phone, then signs out. */
async function signInOnce(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await dashboardReady(page, 0);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

async function signInRun(browser: Browser, baseUrl: string, start: Start): Promise<Sample> {
  const account = await createPaidAccount(baseUrl, 'customer');
  const context: BrowserContext = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    if (start === 'warm') {
      const earlier = await createPaidAccount(baseUrl, 'customer');
      await signInOnce(page, baseUrl, earlier.email, earlier.password);
    }
    await context.addInitScript(watchSignIn, { email: account.email, password: account.password });
    await throttle(page);
    await page.goto(`${baseUrl}/signin`, { waitUntil: 'commit' });
    const origin = await page.evaluate(() => performance.timeOrigin);
    // The page taps by itself (watchSignIn): wait for it.
    await page.waitForFunction(() => (window as unknown as { __tap?: number }).__tap !== undefined, null, {
      timeout: 120_000,
    });
    // Read before the page leaves for the dashboard: the island redirects 100 ms after signing in.
    const times = await page.evaluate(() => {
      const w = window as unknown as { __tap?: number; __live?: number };
      return { tap: w.__tap, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime };
    });
    // -1: the page left for the dashboard before the bench asked (not seen).
    const liveAt = (await (
      await page.waitForFunction(
        () => (window as unknown as { __live?: number }).__live ?? (location.pathname === '/signin' ? 0 : -1),
        null,
        { timeout: 120_000 },
      )
    ).jsonValue()) as number;
    const paint = times.paint ?? ((await (await firstPaint(page)).jsonValue()) as number);
    await page.waitForURL(/\/customer-dashboard$/, { timeout: 120_000 });
    const dashboard = (await (await dashboardReady(page, origin)).jsonValue()) as number;
    return { paint, tap: times.tap, live: liveAt > 0 ? liveAt : undefined, dashboard };
  } finally {
    await context.close();
  }
}

/** The control: a page of one paragraph, its first paint, on the same link and start. */
async function controlRun(browser: Browser, url: string, start: Start): Promise<Sample> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    if (start === 'warm') await page.goto(url);
    await throttle(page);
    await page.goto(url, { waitUntil: 'load' });
    return { paint: (await (await firstPaint(page)).jsonValue()) as number };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const port = benchPort(3740);
const servers: { name: string; server: RunningServer }[] = [];
if (BEFORE) servers.push({ name: 'before', server: await startServer(port + 1, {}, { cwd: BEFORE }) });
servers.push({ name: BEFORE ? 'after' : 'this', server: await startServer(port) });
const control = await startHelloPage(port + 2);
const browser = await launchChromium();

console.log(
  `A tap on Sign In at first paint: ${RUNS} runs per row, link ${LINK.rttMs} ms round trip, ${LINK.downKbps} kbit/s down, ${LINK.upKbps} kbit/s up, CPU ${CPU}× (DevTools), a 360 × 740 phone`,
);
for (const { name, server } of servers)
  console.log(`  ${name}: ${server.baseUrl}${name === 'before' ? ` (${BEFORE})` : ''}`);
console.log(`Machine at the start: ${machineLine()}\n`);
console.log(
  'start'.padEnd(5),
  'build'.padEnd(7),
  'measure'.padEnd(10),
  'median ms'.padStart(9),
  'min–max ms'.padStart(13),
  '÷hello'.padStart(7),
);
try {
  for (const start of STARTS) {
    const hello: Sample[] = [];
    const samples = new Map<string, Sample[]>(servers.map(({ name }) => [name, []]));
    for (let i = 0; i < RUNS; i++) {
      hello.push(await controlRun(browser, control.baseUrl, start));
      for (const { name, server } of servers) samples.get(name)!.push(await signInRun(browser, server.baseUrl, start));
    }
    const helloPaint = median(hello.map((s) => s.paint));
    const row = (build: string, measure: string, values: (number | undefined)[]) => {
      const known = values.filter((v): v is number => v !== undefined);
      if (known.length === 0) return;
      const m = median(known);
      console.log(
        start.padEnd(5),
        build.padEnd(7),
        measure.padEnd(10),
        m.toFixed(0).padStart(9),
        `${Math.min(...known).toFixed(0)}–${Math.max(...known).toFixed(0)}`.padStart(13),
        (m / helloPaint).toFixed(2).padStart(7),
        known.length < values.length ? ` (${known.length} of ${values.length} runs)` : '',
      );
    };
    row(
      'hello',
      'paint',
      hello.map((s) => s.paint),
    );
    for (const [name, list] of samples) {
      row(
        name,
        'paint',
        list.map((s) => s.paint),
      );
      row(
        name,
        'tap taken',
        list.map((s) => s.tap),
      );
      row(
        name,
        'live',
        list.map((s) => s.live),
      );
      row(
        name,
        'dashboard',
        list.map((s) => s.dashboard),
      );
    }
  }
  console.log(`\nMachine at the end: ${machineLine()}`);
  console.log(
    'Times from the start of the /signin navigation; dashboard = the customer dashboard usable (islands hydrated, nothing Loading). ÷hello = the median over the control page’s first-paint median of the same start.',
  );
} finally {
  await browser.close();
  await control.stop();
  for (const { server } of servers) await server.stop();
}
