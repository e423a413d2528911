/**
 * Renewing from a reminder: the taps and the bytes between opening the reminder's link
 * and the "renewed" / "paid" confirmation, on the two paths a mobile-money subscriber has.
 *
 *   today  a reminder without a link would say "Renew from your dashboard: {site}/signin": sign in (email
 *          and password), the customer dashboard, "Renew now", the checkout (in TEST MODE the
 *          "Sandbox checkout" dialog, whose "Approve payment" pays as mobile money), "Subscription
 *          renewed until …" on the subscription card.
 *   new    the reminder carries /renew/{token}: a page without JavaScript, "Send the prompt to my
 *          phone", "Check your phone" (TEST MODE: "Approve on the test phone"), "Paid. Your
 *          subscription now runs until …".
 *
 * Each run of a path is a new customer (paid by mobile money, an MTN number), a new browser context
 * (empty cache, new connections) at 360×740 with touch, and Chromium behind a TCP proxy that counts
 * the bytes too (bench/lib/byte-proxy.ts), as a check on the DevTools figures (bench/lib/wire.ts).
 * Counting starts when the link is opened and stops when the confirmation shows; requests the page
 * had started by then are waited for and counted, an event stream with what it had sent.
 *
 * TEST MODE stands in for two steps a real payer takes off our wire: the approval on the phone (a
 * USSD prompt answered with the mobile-money PIN) and, today, Paystack's pop-up (Paystack's script
 * and pages, from Paystack's servers). Their stand-ins (POST /api/sandbox/charge; the test phone's
 * form post and its redirect) are measured but left out of the path's figures and shown apart.
 *
 *   npm run bench:renewal                 # 3 runs of each path, medians with min–max
 *   npm run bench:renewal -- --runs 5
 *   npm run bench:renewal -- --list       # and every request of the first run of each path
 *   npm run bench:renewal -- --wait 20    # the payer approves on the phone after 20 s (the new page reloads meanwhile)
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { DAY_MS } from '../contract/dates.ts';
import { MOMO_POLL_MS } from '../contract/momo.ts';
import { createPaidAccount, type Session } from './lib/accounts.ts';
import { launchChromium, PHONE_CONTEXT } from './lib/browser.ts';
import { startByteProxy, type Flow } from './lib/byte-proxy.ts';
import { call } from './lib/http.ts';
import { machineLine } from './lib/machine.ts';
import { ADMIN } from './lib/procs.ts';
import { benchPort, startServer } from './lib/server.ts';
import { WireRecorder, type Exchange, type WireKind } from './lib/wire.ts';
import { arg } from './lib/args.ts';

const RUNS = Number(arg('runs', '3'));
const LIST = process.argv.includes('--list');
/** Seconds the payer takes to approve on the phone (the new page reloads itself meanwhile); 0: at once. */
const WAIT_S = Number(arg('wait', '0'));
/** Ghana 3G (bench/slow-network.ts): for a rough network time floor of each path. */
const GHANA_3G = { downKbps: 1600, upKbps: 750, rttMs: 300 };

type PathName = 'today' | 'new';
const TITLES: Record<PathName, string> = {
  today: 'today: /signin → dashboard → Renew now → checkout',
  new: 'new: /renew/{token} → Send the prompt → approve on the phone',
};

interface Step {
  what: 'tap' | 'field' | 'off-screen';
  name: string;
}
interface Run {
  steps: Step[];
  /** The path's own exchanges (stand-ins left out). */
  ours: Exchange[];
  /** TEST MODE's stand-ins for the phone and for Paystack's pop-up. */
  standIns: Exchange[];
  /** Started after the confirmation showed (not counted). */
  after: Exchange[];
  /** Served from the browser's cache (files an earlier page of the path fetched): not on the wire. */
  cached: Exchange[];
  proxy: { up: number; down: number; connections: number };
  paidBefore: string;
  paidAfter: string;
}

const port = benchPort(3760);
const proxyPort = port + 1;
const site = `http://127.0.0.1:${proxyPort}`;
// The site's public address is the proxy's, so the reminder's link leads the browser through it.
// DIAGNOSTICS=on for the dev mailbox (GET /api/dev/mailbox), which the bench reads outside the count;
// LOG_LEVEL=error: each look at an open prompt logs a warning ("payment refused: provider status is pending").
const server = await startServer(port, {
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  DIAGNOSTICS: 'on',
  PUBLIC_URL: site,
  LOG_LEVEL: 'error',
});
const proxy = await startByteProxy(proxyPort, { port });
const api = server.baseUrl;

async function json<T>(path: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const r = await call(api + path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (r.status !== 200) throw new Error(`${options.method ?? 'GET'} ${path} answered ${r.status}: ${r.text}`);
  return JSON.parse(r.text) as T;
}

const paidUntil = async (s: Session) =>
  (
    await json<{ customer: { subscription: { paidUntil: string } } }>(
      `/api/customer-data/${encodeURIComponent(s.email)}`,
      { token: s.token },
    )
  ).customer.subscription.paidUntil;

/** A customer who paid by mobile money, on an MTN number (its network is preselected on the renewal page). */
const newCustomer = () =>
  createPaidAccount(
    api,
    'customer',
    'Passw0rd-bench',
    `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  );

/** The administrator sends the reminder now (the worker would, 7 days before the end); its link from the outbox. */
async function reminderLink(s: Session): Promise<string> {
  const { token } = await json<{ token: string }>('/api/admin/login', { method: 'POST', body: ADMIN });
  await json(`/api/admin/users/${s.user.id}/reminder`, { method: 'POST', token });
  const { messages } = await json<{ messages: { channel: string; to: string; text: string }[] }>('/api/dev/mailbox');
  const mail = messages.find((m) => m.channel === 'email' && m.to === s.email);
  const link = mail && /https?:\/\/\S+\/renew\/[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no /renew/ link in the reminder to ${s.email}`);
  if (!link.startsWith(`${site}/renew/`))
    throw new Error(`the reminder's link ${link} does not lead through the proxy (${site})`);
  return link;
}

/** The person's actions, each written down as it is done. */
function actions(steps: Step[]) {
  return {
    tap: async (target: Locator, name: string) => {
      steps.push({ what: 'tap', name });
      await target.tap();
    },
    type: async (target: Locator, name: string, text: string) => {
      steps.push({ what: 'field', name });
      await target.tap();
      await target.fill(text);
    },
    /** A TEST MODE control that stands in for what a real payer does away from our page. */
    offScreen: async (target: Locator, name: string) => {
      steps.push({ what: 'off-screen', name });
      await target.tap();
    },
  };
}

async function walkToday(page: Page, s: Session, steps: Step[]) {
  const { tap, type, offScreen } = actions(steps);
  await page.goto(`${site}/signin`);
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await signIn.and(page.locator(':enabled')).waitFor(); // the island is hydrated
  if (!(await page.getByRole('radio', { name: 'Customer' }).isChecked()))
    await tap(page.getByRole('radio', { name: 'Customer' }), 'Customer');
  if (!(await page.getByRole('radio', { name: 'Email' }).isChecked()))
    await tap(page.getByRole('radio', { name: 'Email' }), 'Email');
  await type(page.getByRole('textbox', { name: 'Email' }), 'Email', s.email);
  await type(page.getByLabel('Password', { exact: true }), 'Password', s.password);
  await tap(signIn, 'Sign In');
  await page.waitForURL(/\/customer-dashboard$/);
  const card = page.getByRole('region', { name: 'Your subscription' });
  await tap(card.getByRole('button', { name: 'Renew now' }), 'Renew now');
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await offScreen(
    checkout.getByRole('button', { name: 'Approve payment' }),
    "Paystack's pop-up (its own taps and fields, not counted: issue #20 names picking mobile money and typing the number), then approval on the phone with the PIN",
  );
  await card
    .getByRole('status')
    .filter({ hasText: /^Subscription renewed until / })
    .waitFor();
}

async function walkNew(page: Page, link: string, steps: Step[]) {
  const { tap, offScreen } = actions(steps);
  await page.goto(link);
  const mtn = page.getByRole('radio', { name: 'MTN MoMo' });
  if (!(await mtn.isChecked())) await tap(mtn, 'MTN MoMo');
  await tap(page.getByRole('button', { name: 'Send the prompt to my phone' }), 'Send the prompt to my phone');
  await page.getByRole('heading', { name: 'Check your phone' }).waitFor();
  if (WAIT_S) await page.waitForTimeout(WAIT_S * 1000);
  await offScreen(
    page.getByRole('button', { name: 'Approve on the test phone' }),
    'approve the prompt on the phone with the PIN',
  );
  await page.getByText(/^Paid\. Your subscription now runs until /).waitFor();
}

/** TEST MODE's stand-ins: the sandbox checkout's charge (for Paystack's pop-up), the test phone's answer (for the phone). */
const isStandIn = (x: Exchange) =>
  new URL(x.url).pathname === '/api/sandbox/charge' ||
  (x.method === 'POST' &&
    new URL(x.url).pathname.startsWith('/renew/') &&
    /(^|&)action=(approve|decline)(&|$)/.test(x.body));

const sumFlows = (flows: Flow[]) =>
  flows.reduce((t, f) => ({ up: t.up + f.up, down: t.down + f.down }), { up: 0, down: 0 });

async function runOnce(browser: Browser, path: PathName): Promise<Run> {
  const customer = await newCustomer();
  const link = path === 'new' ? await reminderLink(customer) : `${site}/signin`;
  const paidBefore = await paidUntil(customer);
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    const recorder = await WireRecorder.attach(context, page);
    const flowsBefore = proxy.flows.length;
    const steps: Step[] = [];
    if (path === 'today') await walkToday(page, customer, steps);
    else await walkNew(page, link, steps);
    const started = recorder.exchanges.length;
    await recorder.settle(started);
    const all = recorder.snapshot();
    const flows = proxy.flows.slice(flowsBefore);
    const counted = all.slice(0, started).filter((x) => !x.cached);
    const paidAfter = await paidUntil(customer);
    if (!(Date.parse(paidAfter) > Date.parse(paidBefore) + 27 * DAY_MS))
      throw new Error(`${path}: paid until ${paidBefore} → ${paidAfter}, not a month more`);
    return {
      steps,
      ours: counted.filter((x) => !isStandIn(x)),
      standIns: counted.filter(isStandIn),
      after: all.slice(started).filter((x) => !x.cached),
      cached: all.slice(0, started).filter((x) => x.cached),
      proxy: { ...sumFlows(flows), connections: flows.length },
      paidBefore,
      paidAfter,
    };
  } finally {
    await context.close();
  }
}

// ——— figures ———
const KINDS: WireKind[] = ['page', 'js', 'api', 'other'];
const bytes = (xs: Exchange[], kind?: WireKind) =>
  xs.filter((x) => !kind || x.kind === kind).reduce((n, x) => n + x.up + x.down, 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => (n / 1000).toFixed(1);
/** Median with min–max, as text. */
const spread = (xs: number[], show: (n: number) => string = String) => {
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  return lo === hi ? show(median(xs)) : `${show(median(xs))} (${show(lo)}–${show(hi)})`;
};
/** Round trips × RTT + bytes ÷ bandwidth each way: what the link alone costs, no TCP or TLS set-up, no server or browser time. */
const floorMs = (xs: Exchange[]) => {
  const up = xs.reduce((n, x) => n + x.up, 0);
  const down = xs.reduce((n, x) => n + x.down, 0);
  return WireRecorder.roundTrips(xs) * GHANA_3G.rttMs + (down * 8) / GHANA_3G.downKbps + (up * 8) / GHANA_3G.upKbps;
};

interface Row {
  taps: number;
  fields: number;
  offScreen: number;
  total: number;
  byKind: Record<WireKind, number>;
  up: number;
  down: number;
  requests: number;
  roundTrips: number;
  connections: number;
  floor: number;
  standInBytes: number;
  standInRequests: number;
  afterRequests: number;
  proxyTotal: number;
  cdpAll: number;
  rawHeadersMissing: number;
  aborted: number;
}
const rowOf = (r: Run): Row => {
  const everything = [...r.ours, ...r.standIns];
  return {
    taps: r.steps.filter((s) => s.what === 'tap').length,
    fields: r.steps.filter((s) => s.what === 'field').length,
    offScreen: r.steps.filter((s) => s.what === 'off-screen').length,
    total: bytes(r.ours),
    byKind: Object.fromEntries(KINDS.map((k) => [k, bytes(r.ours, k)])) as Record<WireKind, number>,
    up: r.ours.reduce((n, x) => n + x.up, 0),
    down: r.ours.reduce((n, x) => n + x.down, 0),
    requests: r.ours.length,
    roundTrips: WireRecorder.roundTrips(r.ours),
    connections: r.proxy.connections,
    floor: floorMs(r.ours),
    standInBytes: bytes(r.standIns),
    standInRequests: r.standIns.length,
    afterRequests: r.after.length,
    proxyTotal: r.proxy.up + r.proxy.down,
    cdpAll: bytes(everything) + bytes(r.after),
    rawHeadersMissing: everything.filter((x) => !x.rawHeaders).length,
    aborted: everything.filter((x) => x.failed && x.type !== 'EventSource').length,
  };
};

const browser = await launchChromium();
const runs: Record<PathName, Run[]> = { today: [], new: [] };
console.log(
  `Renewing from a reminder (issue #20) at ${site} (TEST MODE payments), ${RUNS} runs of each path, interleaved`,
);
console.log(
  `Chromium at ${PHONE_CONTEXT.viewport.width}×${PHONE_CONTEXT.viewport.height}, touch; a new browser context (cold cache, new connections) and a new customer per run`,
);
console.log(`The payer approves on the phone ${WAIT_S ? `after ${WAIT_S} s` : 'at once'} (--wait)`);
console.log(`Machine at the start: ${machineLine()}\n`);
try {
  for (let i = 0; i < RUNS; i++)
    for (const path of ['today', 'new'] as PathName[]) runs[path].push(await runOnce(browser, path));

  for (const path of ['today', 'new'] as PathName[]) {
    const first = runs[path][0];
    console.log(`${TITLES[path]}`);
    console.log(
      `  taps: ${first.steps
        .filter((s) => s.what !== 'off-screen')
        .map((s) => (s.what === 'field' ? `type into "${s.name}"` : `"${s.name}"`))
        .join(', ')}`,
    );
    console.log(
      `  away from our pages (TEST MODE stand-in, not counted): ${first.steps
        .filter((s) => s.what === 'off-screen')
        .map((s) => s.name)
        .join('; ')}`,
    );
    if (LIST) {
      const all = [...first.ours, ...first.standIns, ...first.cached].sort((a, b) => a.start - b.start);
      const t0 = all[0]?.start ?? 0;
      console.log(
        `  ${'ms'.padStart(6)} ${'kind'.padEnd(5)} ${'up'.padStart(6)} ${'down'.padStart(7)} status  request`,
      );
      for (const x of all) {
        const u = new URL(x.url);
        console.log(
          `  ${((x.start - t0) * 1000).toFixed(0).padStart(6)} ${x.kind.padEnd(5)} ${String(x.up).padStart(6)} ${String(x.down).padStart(7)} ${String(x.status ?? '-').padStart(6)}  ${x.method} ${(u.pathname + u.search).replace(/\/renew\/[\w-]+/, '/renew/{token}').slice(0, 70)}${isStandIn(x) ? '  [stand-in]' : ''}${x.cached ? '  [from the cache]' : ''}${x.finished ? '' : x.failed ? `  [${x.failed}]` : '  [still open]'}`,
        );
      }
    }
  }

  const rows = { today: runs.today.map(rowOf), new: runs.new.map(rowOf) };
  const col = (path: PathName, f: (r: Row) => number, show?: (n: number) => string) => spread(rows[path].map(f), show);
  const lines: [string, (r: Row) => number, ((n: number) => string)?][] = [
    ['taps on screen (taps + fields)', (r) => r.taps + r.fields],
    ['  of which fields typed into', (r) => r.fields],
    ['steps away from our pages (phone, pop-up)', (r) => r.offScreen],
    ['KB on the wire (up + down)', (r) => r.total, kb],
    ['  page HTML + CSS', (r) => r.byKind.page, kb],
    ['  JavaScript', (r) => r.byKind.js, kb],
    ['  API calls', (r) => r.byKind.api, kb],
    ['  other (icons, fonts, images)', (r) => r.byKind.other, kb],
    ['  of which sent up (requests)', (r) => r.up, kb],
    ['requests', (r) => r.requests],
    ['round trips (longest chain)', (r) => r.roundTrips],
    ['TCP connections opened', (r) => r.connections],
    ['network floor on Ghana 3G, s', (r) => r.floor, (n) => (n / 1000).toFixed(1)],
    ['TEST MODE stand-ins left out: KB', (r) => r.standInBytes, kb],
    ['TEST MODE stand-ins left out: requests', (r) => r.standInRequests],
  ];
  console.log(
    `\n${'median (min–max)'.padEnd(48)} ${'today'.padStart(20)} ${'new'.padStart(20)} ${'today ÷ new'.padStart(11)}`,
  );
  for (const [label, f, show] of lines) {
    const ratio = median(rows.new.map(f)) ? (median(rows.today.map(f)) / median(rows.new.map(f))).toFixed(1) : '-';
    console.log(
      `${label.padEnd(48)} ${col('today', f, show).padStart(20)} ${col('new', f, show).padStart(20)} ${ratio.padStart(11)}`,
    );
  }

  console.log('\nChecks');
  for (const path of ['today', 'new'] as PathName[]) {
    for (const [i, r] of rows[path].entries()) {
      const diff = r.proxyTotal - r.cdpAll;
      console.log(
        `  ${path.padEnd(5)} run ${i + 1}: proxy counted ${r.proxyTotal} bytes on ${r.connections} connections, DevTools ${r.cdpAll} (${diff >= 0 ? '+' : ''}${diff}, ${((100 * diff) / r.cdpAll).toFixed(1)}%)` +
          `; ${r.afterRequests} requests started after the confirmation (not counted)` +
          (r.rawHeadersMissing ? `; ${r.rawHeadersMissing} requests without their raw headers` : '') +
          (r.aborted
            ? `; ${r.aborted} requests cancelled by the page (their answers reached the socket, not DevTools)`
            : '') +
          `; paid until ${runs[path][i].paidBefore.slice(0, 10)} → ${runs[path][i].paidAfter.slice(0, 10)}`,
      );
    }
  }
  // What waiting costs on the new page: it reloads itself every MOMO_POLL_MS while the prompt is
  // open; each reload is the "Check your phone" page (the first GET …?ref=) and the favicon after it.
  const waiting = runs.new.map((r) => {
    const sorted = [...r.ours].sort((a, b) => a.start - b.start);
    const i = sorted.findIndex((x) => x.method === 'GET' && x.kind === 'page' && /[?&]ref=/.test(x.url));
    const icon = sorted
      .slice(i + 1)
      .find(
        (x) =>
          new URL(x.url).pathname === '/favicon.ico' &&
          x.start < (sorted.slice(i + 1).find((y) => y.kind === 'page')?.start ?? Infinity),
      );
    return sorted[i].up + sorted[i].down + (icon ? icon.up + icon.down : 0);
  });
  const perReload = median(waiting);
  console.log(
    `\nWaiting on the phone: while the prompt is open the new page reloads itself every ${MOMO_POLL_MS / 1000} s, ${kb(perReload)} KB each ("Check your phone" and the favicon).` +
      (WAIT_S
        ? ` The figures above approve after ${WAIT_S} s (--wait).`
        : ' The figures above approve at once (no reload but the one that shows "Paid").') +
      ` A minute of waiting adds about ${kb((60_000 / MOMO_POLL_MS) * perReload)} KB.`,
  );
  console.log(`\nMachine at the end: ${machineLine()}`);
  console.log(
    'Bytes: requests as sent (request line, headers, body) + responses as received (CDP encodedDataLength: headers and body, compressed as sent), HTTP/1.1 on loopback, no TLS.',
  );
  console.log(
    'Network floor: round trips × 300 ms + bytes down ÷ 1.6 Mbps + bytes up ÷ 750 kbps; no DNS, TCP or TLS set-up, no server or browser time.',
  );
  console.log(
    "Not counted: Paystack's pop-up (its script and pages come from Paystack's servers), the USSD prompt on the phone, the reminder itself (email, SMS, WhatsApp).",
  );
} finally {
  await browser.close();
  await proxy.close();
  await server.stop();
}
