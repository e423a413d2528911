/**
 * Live again after a dropped signal: a customer's dashboard (a phone's context) loads through a TCP
 * proxy (e2e/fixtures/cut-proxy.ts) that is cut for N seconds, as a mast that drops: every open
 * connection dropped, new ones refused (the server away, by default) or black-holed, and no
 * `offline`/`online` event. The moment the line is back, the professional accepts the customer's
 * request (straight to the server); each run times, from that moment:
 *
 *   banner gone   the "no connection" banner hidden ("never shown" when it did not show in the outage)
 *   news shown    the booking's card says Confirmed (the stream back, the missed event replayed)
 *
 * Prints the median and the spread (min–max) per outage; asserts nothing. A run that takes longer
 * than --give-up seconds counts as that long (and is marked).
 *
 *   npm run bench:live-again                              # 5 runs each of a 10 s and a 20 s outage
 *   npm run bench:live-again -- --runs 3 --outages 10,20 --outage black-hole
 *   npm run bench:live-again -- --cwd /tmp/main-checkout  # another checkout, built (before/after)
 */
import type { Browser, Page } from '@playwright/test';
import { eventStream } from '../contract/events.ts';
import { type Outage, startCutProxy } from '../e2e/fixtures/cut-proxy.ts';
import { arg } from './lib/args.ts';
import { createPaidAccount, type Session } from './lib/accounts.ts';
import { launchChromium, PHONE_CONTEXT } from './lib/browser.ts';
import { call } from './lib/http.ts';
import { machineLine } from './lib/machine.ts';
import { benchPort, startServer } from './lib/server.ts';

const RUNS = Number(arg('runs', '5'));
const OUTAGES = arg('outages', '10,20').split(',').map(Number);
const OUTAGE = arg('outage', 'refuse') as Outage;
const GIVE_UP_MS = Number(arg('give-up', '90')) * 1000;
const CWD = arg('cwd', '');

const server = await startServer(benchPort(3792), {}, CWD ? { cwd: CWD } : {});
const proxy = await startCutProxy({ port: Number(new URL(server.baseUrl).port) });
const browser = await launchChromium();

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const { status, text } = await call(server.baseUrl + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (status >= 300) throw new Error(`${path} answered ${status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A professional and a customer with a request waiting for the professional's answer. */
async function pendingRequest(): Promise<{ pro: Session; customer: Session; bookingId: number }> {
  const [pro, customer] = await Promise.all([
    createPaidAccount(server.baseUrl, 'professional'),
    createPaidAccount(server.baseUrl, 'customer'),
  ]);
  const { slots } = await api<{ slots: { date: string; times: string[] }[] }>(
    `/api/professionals/${pro.user.id}`,
    customer.token,
  );
  const day = slots.find((s) => s.times.length > 0);
  if (!day) throw new Error('the professional has no open slot');
  const { booking } = await api<{ booking: { id: number } }>('/api/bookings', customer.token, {
    professionalId: pro.user.id,
    date: day.date,
    time: day.times[0],
    description: 'Sockets in the kitchen spark',
    proposedRate: 45,
  });
  return { pro, customer, bookingId: booking.id };
}

/** The page's own clock (this machine's) when `check` first holds, looked at every 50 ms; null past the give-up. */
const when = (page: Page, check: (name: string) => boolean, name: string) =>
  page
    .waitForFunction(check, name, { polling: 50, timeout: GIVE_UP_MS })
    .then(() => page.evaluate(() => Date.now()))
    .catch(() => null);

const bannerGone = () =>
  ![...document.querySelectorAll<HTMLElement>('[role=status]')].some(
    (el) => !el.hidden && /connection/i.test(el.textContent ?? ''),
  );
const confirmed = (name: string) =>
  [...document.querySelectorAll('article')].some(
    (el) => (el.textContent ?? '').includes(name) && /Confirmed/.test(el.textContent ?? ''),
  );

async function run(b: Browser, outageMs: number): Promise<{ banner: number | null; news: number | null }> {
  const { pro, customer, bookingId } = await pendingRequest();
  const context = await b.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await page.goto(`${proxy.origin}/`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('userData', user);
      },
      { token: customer.token, user: JSON.stringify(customer.user) },
    );
    const streamOpen = page.waitForResponse(
      (r) => new URL(r.url()).pathname === eventStream.path && r.status() === 200,
    );
    await page.goto(`${proxy.origin}/customer-dashboard`);
    await streamOpen;
    await page.getByRole('tab', { name: /My Bookings/ }).click();
    const name = `${pro.user.firstName} ${pro.user.lastName}`;
    await page
      .getByRole('article', { name: new RegExp(name) })
      .first()
      .waitFor();

    const back = await proxy.cutFor(outageMs, OUTAGE);
    // A page that never said "no connection" has no banner to lose (the old page, black-holed).
    const saidOffline = !(await page.evaluate(bannerGone));
    await api(`/api/bookings/${bookingId}/accept`, pro.token, {});
    const [gone, shown] = await Promise.all([when(page, bannerGone, name), when(page, confirmed, name)]);
    return {
      banner: saidOffline ? (gone === null ? null : gone - back) : Number.NaN,
      news: shown === null ? null : shown - back,
    };
  } finally {
    await context.close();
  }
}

const fmt = (all: (number | null)[]) => {
  const xs = all.filter((x) => !Number.isNaN(x));
  if (!xs.length) return 'never shown';
  const ms = xs.map((x) => x ?? GIVE_UP_MS).sort((a, b) => a - b);
  const s = (x: number) => (x / 1000).toFixed(1);
  const median = ms.length % 2 ? ms[(ms.length - 1) / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2;
  const lost = xs.filter((x) => x === null).length;
  const unshown = all.length - xs.length;
  return `${s(median)} s (${s(ms[0])}–${s(ms.at(-1) ?? 0)})${lost ? `, ${lost} past ${GIVE_UP_MS / 1000} s` : ''}${unshown ? `, ${unshown} never shown` : ''}`;
};

console.log(
  `Live again after an outage (${OUTAGE}), ${RUNS} runs each${CWD ? `, checkout ${CWD}` : ''} (${machineLine()})`,
);
try {
  for (const seconds of OUTAGES) {
    const runs: { banner: number | null; news: number | null }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await run(browser, seconds * 1000);
      runs.push(r);
      console.log(
        `  ${seconds} s outage, run ${i + 1}: banner gone ${Number.isNaN(r.banner) ? 'never shown' : `${r.banner ?? '—'} ms`}, news shown ${r.news ?? '—'} ms`,
      );
    }
    console.log(
      `${seconds} s outage: banner gone ${fmt(runs.map((r) => r.banner))}, news shown ${fmt(runs.map((r) => r.news))}`,
    );
  }
} finally {
  await browser.close();
  await proxy.close();
  await server.stop();
}
