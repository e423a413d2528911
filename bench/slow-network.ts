/**
 * Slow network (Speed): Chromium through Playwright with DevTools network emulation for a
 * Ghana 3G profile and a 256 kbps floor profile, each with and without 4× CPU slowdown. Times first
 * contentful paint of / and /signin, and the moment the sign-in form is interactive (its island has
 * hydrated: its button takes a tap at first paint, kept until then), and sets each
 * beside the physical floor for that page on that link; a one-paragraph control page
 * (lib/hello-page.ts), loaded the same way, shows what the browser itself costs. Prints medians;
 * asserts nothing.
 *
 *   npm run bench:network                       # 5 runs per row, starts the product on PGlite
 *   npm run bench:network -- --runs 1 --cpu 1   # quick look
 *   npm run bench:network -- --waterfall        # and when each file of /signin was asked for and arrived
 *
 * The floor, from the bytes this very run transferred (Resource Timing `transferSize`, headers
 * included) and the profile's round-trip time (RTT) and download bandwidth (BW):
 *   one request level (the HTML alone):  RTT + bytes / BW
 *   two levels (HTML, then the files it needs, as if the HTML named them all at once):
 *     max(RTT + all bytes / BW,  2 × RTT + subresource bytes / BW)
 * (the second round trip can overlap the HTML's own transfer, hence the max). Critical bytes:
 *   FCP          the HTML + render-blocking files (`renderBlockingStatus === 'blocking'`)
 *   interactive  the HTML + render-blocking files + the sign-in island's component and renderer
 *                modules and everything they import statically (read from the files themselves)
 * DevTools emulation adds its latency once per request and shapes bytes to the bandwidth; it does not
 * add round trips for DNS, TCP or TLS set-up, nor TCP slow start. Neither does the floor, so the
 * ratio compares like with like; a real first visit over HTTPS pays about 2–3 RTT more on both.
 */
import { request } from 'node:http';
import type { Browser } from '@playwright/test';
import { launchChromium } from './lib/browser.ts';
import { createPaidAccount } from './lib/accounts.ts';
import { machineLine } from './lib/machine.ts';
import { startHelloPage } from './lib/hello-page.ts';
import { benchPort, startServer } from './lib/server.ts';
import { arg } from './lib/args.ts';

const RUNS = Number(arg('runs', '5'));
const CPU_RATES = arg('cpu', '1,4').split(',').map(Number);
/**
 * cold: a new browser context (empty cache, new connections, and a renderer that starts with the
 * page); warm: the same, but the tab has already shown another page of the site (/terms) before
 * the cache is switched off and the page is loaded, as when a person follows a link or types the
 * address into a browser that is already running. The difference is Chromium's own start-up work.
 */
const STARTS = arg('starts', 'cold,warm').split(',') as ('cold' | 'warm')[];
/** `--waterfall`: also print when each file of the first /signin load of a row was asked for and arrived. */
const WATERFALL = process.argv.includes('--waterfall');
const waterfalls: string[] = [];

interface Profile {
  name: string;
  downKbps: number;
  upKbps: number;
  rttMs: number;
}
const PROFILES: Profile[] = [
  { name: 'Ghana 3G', downKbps: 1600, upKbps: 750, rttMs: 300 },
  { name: '256 kbps floor', downKbps: 256, upKbps: 256, rttMs: 300 },
];
/**
 * Goals: sign-in interactive within 1.5× its floor; the landing page's first paint
 * within 1.2× the one-paragraph control page's in the same row set (no page met 1.3× of its floor on
 * this machine, the control page included: what the browser spends on any page is not in a floor).
 */
type Goal = { against: 'floor' | 'hello'; max: number } | undefined;
const GOALS = { landingFcp: { against: 'hello', max: 1.2 }, interactive: { against: 'floor', max: 1.5 } } as const;
/** A public profile page's first paint within 1.2× the control page's too. */
const isProfile = (path: string) => path.startsWith('/professionals/');
const SUBMIT = 'form[aria-label="Sign in"] button[type="submit"]';
/** The sign-in island; Astro drops its `ssr` attribute once it has hydrated. */
const SIGN_IN_ISLAND = 'astro-island[component-url*="/SignIn."]';

interface Resource {
  url: string;
  transfer: number;
  start: number;
  firstByte: number;
  end: number;
  blocking: boolean;
}
interface Sample {
  fcp: number;
  interactive?: number;
  fcpFloor: number;
  interactiveFloor?: number;
  bytes: number;
}

function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

/** The module and everything it imports statically (Vite's output: `import ... from"./x.js"`, `import"./x.js"`). */
const closures = new Map<string, Set<string>>();
async function staticImports(url: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const code = await get(url);
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
    await staticImports(new URL(m[1], url).href, seen);
  }
  return seen;
}
async function islandModules(baseUrl: string, html: string, component: string): Promise<Set<string>> {
  const key = component;
  if (closures.has(key)) return closures.get(key)!;
  const island = new RegExp(
    `<astro-island[^>]*component-url="([^"]*${component}[^"]*)"[^>]*renderer-url="([^"]+)"`,
  ).exec(html);
  if (!island) throw new Error(`no ${component} island in the page`);
  const all = new Set<string>();
  for (const entry of [island[1], island[2]])
    for (const u of await staticImports(new URL(entry, baseUrl).href)) all.add(u);
  closures.set(key, all);
  return all;
}

function floor(profile: Profile, documentBytes: number, subBytes: number, hasSub: boolean): number {
  const bytesPerMs = (profile.downKbps * 1000) / 8 / 1000;
  const oneLevel = profile.rttMs + (documentBytes + subBytes) / bytesPerMs;
  return hasSub ? Math.max(oneLevel, 2 * profile.rttMs + subBytes / bytesPerMs) : oneLevel;
}

/** The row of the one-paragraph page (bench/lib/hello-page.ts), loaded the same way as the product's pages. */
const CONTROL = 'hello';

async function once(
  browser: Browser,
  baseUrl: string,
  path: string,
  profile: Profile,
  cpu: number,
  start: 'cold' | 'warm',
  check: boolean,
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  // Only where it is measured: an observer of every DOM change is work the page would not do.
  if (path === '/signin')
    await context.addInitScript((selector) => {
      const w = window as unknown as { __interactive?: number };
      const look = () => {
        const island = document.querySelector(selector);
        if (island && !island.hasAttribute('ssr') && w.__interactive === undefined) w.__interactive = performance.now();
      };
      new MutationObserver(look).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['ssr'],
      });
    }, SIGN_IN_ISLAND);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const origin = path === CONTROL ? controlUrl : baseUrl;
  if (start === 'warm') {
    await page.goto(`${origin}/terms`, { waitUntil: 'load' });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbps * 1000) / 8,
    uploadThroughput: (profile.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  try {
    await page.goto(`${origin}${path === CONTROL ? '/' : path}`, { waitUntil: 'load', timeout: 120_000 });
    const signIn = path === '/signin';
    if (signIn)
      await page.waitForFunction(
        () => (window as unknown as { __interactive?: number }).__interactive !== undefined,
        null,
        { timeout: 120_000 },
      );
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 60_000,
    });
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        url: r.name,
        transfer: r.transferSize,
        start: r.startTime,
        firstByte: r.responseStart,
        end: r.responseEnd,
        blocking: (r as unknown as { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking',
      }));
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        interactive: (window as unknown as { __interactive?: number }).__interactive,
        document: nav.transferSize,
        documentEnd: nav.responseEnd,
        resources,
        html: document.documentElement.outerHTML,
      };
    });
    const blocking = t.resources.filter((r: Resource) => r.blocking);
    const blockingBytes = blocking.reduce((n: number, r: Resource) => n + r.transfer, 0);
    const sample: Sample = {
      fcp: t.fcp,
      fcpFloor: floor(profile, t.document, blockingBytes, blocking.length > 0),
      bytes: t.document + t.resources.reduce((n: number, r: Resource) => n + r.transfer, 0),
    };
    if (signIn) {
      const modules = await islandModules(baseUrl, t.html, 'SignIn');
      const needed = t.resources.filter((r: Resource) => modules.has(r.url));
      if (needed.length !== modules.size)
        throw new Error(`sign-in needs ${modules.size} modules, the page fetched ${needed.length} of them`);
      const jsBytes = needed.reduce((n: number, r: Resource) => n + r.transfer, 0);
      sample.interactive = t.interactive;
      sample.interactiveFloor = floor(profile, t.document, blockingBytes + jsBytes, true);
      if (check && WATERFALL) {
        waterfalls.push(
          `\n  waterfall, ${profile.name}, CPU ${cpu}×, ${start}, /signin: document ${t.documentEnd.toFixed(0)} ms, interactive ${t.interactive!.toFixed(0)} ms`,
        );
        waterfalls.push(
          `  ${'file'.padEnd(40)} ${'asked'.padStart(6)} ${'1st byte'.padStart(8)} ${'done'.padStart(6)} ${'bytes'.padStart(6)}  needed for sign-in`,
        );
        for (const r of t.resources) {
          const name = new URL(r.url).pathname;
          waterfalls.push(
            `  ${name.padEnd(40)} ${r.start.toFixed(0).padStart(6)} ${r.firstByte.toFixed(0).padStart(8)} ${r.end.toFixed(0).padStart(6)} ${String(r.transfer).padStart(6)}  ${modules.has(r.url) ? 'yes' : r.blocking ? 'render-blocking' : ''}`,
          );
        }
      }
      if (check) {
        // The form really answers: an empty submit is refused by the island, not sent as a page navigation.
        await page.click(SUBMIT);
        await page.locator('form[aria-label="Sign in"] [role="alert"]').waitFor({ timeout: 30_000 });
        if (new URL(page.url()).pathname !== '/signin' || new URL(page.url()).search)
          throw new Error('the submit navigated away');
      }
    }
    return sample;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = process.env.BASE_URL ? undefined : await startServer(benchPort(3720));
const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
// A listed professional's public page (the bench's own database starts empty).
const profilePath = `/professionals/${(await createPaidAccount(baseUrl, 'professional')).user.id}`;
const control = await startHelloPage(benchPort(3720) + 1);
const controlUrl = control.baseUrl;
const browser = await launchChromium();

console.log(
  `Slow network at ${baseUrl}: median of ${RUNS} loads per row, each in a new browser context (empty cache, new connections); start: ${STARTS.join(' and ')} (see STARTS in the script)`,
);
console.log(
  'Profiles: ' +
    PROFILES.map((p) => `${p.name} = ${p.downKbps} kbps down, ${p.upKbps} kbps up, ${p.rttMs} ms RTT`).join('; '),
);
console.log(`CPU: DevTools CPU throttling rate ${CPU_RATES.join(' and ')} (1 = this machine's speed)`);
console.log(`Machine at the start: ${machineLine()}\n`);
console.log(
  'profile'.padEnd(15),
  'CPU'.padStart(3),
  'start'.padEnd(5),
  'page'.padEnd(8),
  'measure'.padEnd(12),
  'median ms'.padStart(9),
  'min–max ms'.padStart(12),
  'floor ms'.padStart(8),
  '÷floor'.padStart(6),
  '÷hello'.padStart(6),
  'goal'.padStart(11),
  '',
  'KB moved',
);
try {
  for (const profile of PROFILES) {
    for (const cpu of CPU_RATES) {
      for (const start of STARTS) {
        // Interleaved, run by run, so that the machine's drift falls on every page alike.
        const paths = [CONTROL, '/', '/signin', profilePath];
        const samplesOf = new Map<string, Sample[]>(paths.map((p) => [p, []]));
        for (let i = 0; i < RUNS; i++)
          for (const path of paths)
            samplesOf.get(path)!.push(await once(browser, baseUrl, path, profile, cpu, start, i === 0));
        const helloFcp = median(samplesOf.get(CONTROL)!.map((s) => s.fcp));
        for (const [path, samples] of samplesOf) {
          const rows: Array<[string, number[], number[], Goal]> = [
            [
              'FCP',
              samples.map((s) => s.fcp),
              samples.map((s) => s.fcpFloor),
              path === '/' || isProfile(path) ? GOALS.landingFcp : undefined,
            ],
          ];
          if (path === '/signin')
            rows.push([
              'interactive',
              samples.map((s) => s.interactive!),
              samples.map((s) => s.interactiveFloor!),
              GOALS.interactive,
            ]);
          for (const [what, times, floors, goal] of rows) {
            const m = median(times);
            const ratios = { floor: m / median(floors), hello: m / helloFcp };
            console.log(
              profile.name.padEnd(15),
              `${cpu}×`.padStart(3),
              start.padEnd(5),
              path.padEnd(8),
              what.padEnd(12),
              m.toFixed(0).padStart(9),
              `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}`.padStart(12),
              median(floors).toFixed(0).padStart(8),
              ratios.floor.toFixed(2).padStart(6),
              ratios.hello.toFixed(2).padStart(6),
              (goal ? `≤${goal.max} ${goal.against}` : '-').padStart(11),
              (goal ? (ratios[goal.against] <= goal.max ? 'PASS' : 'MISS') : '    ').padEnd(4),
              (median(samples.map((s) => s.bytes)) / 1000).toFixed(1).padStart(8),
            );
          }
        }
      }
    }
  }
  for (const line of waterfalls) console.log(line);
  console.log(`\nMachine at the end: ${machineLine()}`);
  console.log(
    `hello = a page of one paragraph (bench/lib/hello-page.ts, ${controlUrl}), loaded the same way: what any page costs this browser on this machine.`,
  );
  console.log("\n÷hello = the median over the control page's FCP median in the same row set.");
  console.log(
    'floor = round trips × RTT + critical bytes ÷ bandwidth (see the top of bench/slow-network.ts); KB moved = every file of the load, headers included.',
  );
  console.log(
    "Sign-in interactive = the sign-in island hydrated (before, its button takes a tap and keeps it); the first run of each row also clicks it and waits for the island's own error message.",
  );
} finally {
  await browser.close();
  await server?.stop();
  await control.stop();
}
