import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import { eventStream } from '../contract/events.ts';
import { createPaidAccount, login, uniqueTag } from './fixtures/accounts.ts';
import { bookFirstSlot } from './fixtures/bookings.ts';
import { type Outage, startCutProxy } from './fixtures/cut-proxy.ts';
import { PHONE } from './fixtures/phone.ts';

// A mast drops and comes back (docs/PRODUCT.md "Working offline", "Live updates"): the phone keeps
// thinking it is online, so no `offline` or `online` event ever fires. The page loads through a
// proxy whose line the test cuts: every open connection dropped, new ones refused (the server
// away) or black-holed (the signal gone). From the moment the line is back, the banner must go,
// and news made meanwhile by the other party must be on screen, within about 3 s.

/** The bound asserted; the goal is 3 s, the rest is a busy test machine's margin. */
const LIVE_AGAIN_MS = 4_000;

/** When (the page's clock, the same machine's as this process's) the banner is gone: no status line speaks of the connection. */
const bannerGone = (page: Page) =>
  page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll<HTMLElement>('[role=status]')].some(
          (el) => !el.hidden && /connection/i.test(el.textContent ?? ''),
        ) && Date.now(),
      undefined,
      { polling: 50, timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue());

/** When the booking's card, named by the professional, says Confirmed. */
const confirmedShown = (page: Page, proName: string) =>
  page
    .waitForFunction(
      (name) =>
        [...document.querySelectorAll('article')].some(
          (el) => (el.textContent ?? '').includes(name) && /Confirmed/.test(el.textContent ?? ''),
        ) && Date.now(),
      proName,
      { polling: 50, timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue());

for (const { outage, ms } of [
  { outage: 'refuse', ms: 10_000 },
  { outage: 'black-hole', ms: 20_000 },
] satisfies { outage: Outage; ms: number }[]) {
  test(`after ${ms / 1000} s of a line that ${outage === 'refuse' ? 'refuses' : 'swallows'} every connection, with no online event, the banner goes and news shows within about 3 s`, async ({
    browser,
    request,
    baseURL,
    pageErrors,
  }) => {
    test.setTimeout(ms + 90_000);
    pageErrors.allowFailedLoad('network', /^\/api\//, 'the test cuts the line between the page and the server');
    const lastName = `Mast${uniqueTag()
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const pro = await login(
      request,
      await createPaidAccount(request, {
        userType: 'professional',
        profession: 'Plumber',
        firstName: 'Kofi',
        lastName,
      }),
    );
    const customer = await login(request, await createPaidAccount(request, { firstName: 'Ama', lastName: 'Signal' }));
    const booking = await bookFirstSlot(request, customer, pro.user.id);
    const proName = `Kofi ${lastName}`;

    const proxy = await startCutProxy({ port: Number(new URL(baseURL ?? '').port) });
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(`${proxy.origin}/`);
      await page.evaluate(({ token, user }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('userData', JSON.stringify(user));
      }, customer);
      const streamOpen = page.waitForResponse(
        (response) => new URL(response.url()).pathname === eventStream.path && response.status() === 200,
      );
      await page.goto(`${proxy.origin}/customer-dashboard`);
      await streamOpen;
      await page.getByRole('tab', { name: /My Bookings/ }).click();
      const card = page.getByRole('article', { name: `Plumber with ${proName}` });
      await expect(card).toContainText('Pending');
      const banner = page.getByRole('status').filter({ hasText: /connection/i });
      await expect(banner).toBeHidden();

      // The line drops; the page says so, and hears nothing from the browser about it.
      const lineBack = proxy.cutFor(ms, outage);
      await expect(banner).toBeVisible({ timeout: ms });
      const back = await lineBack;
      // The professional accepts while the customer's page is still without its stream.
      const accepted = await request.post(`/api/bookings/${booking.id}/accept`, {
        headers: { Authorization: `Bearer ${pro.token}` },
      });
      expect(accepted.ok(), await accepted.text()).toBe(true);

      const [gone, shown] = await Promise.all([bannerGone(page), confirmedShown(page, proName)]);
      const figures = { bannerGoneMs: Number(gone) - back, newsShownMs: Number(shown) - back };
      console.log(`Live again after a ${ms / 1000} s ${outage} outage: ${JSON.stringify(figures)}`);
      expect(figures.bannerGoneMs).toBeLessThanOrEqual(LIVE_AGAIN_MS);
      expect(figures.newsShownMs).toBeLessThanOrEqual(LIVE_AGAIN_MS);
      await expect(banner).toBeHidden();
      await expect(card).toContainText('Confirmed');
    } finally {
      await context.close();
      await proxy.close();
    }
  });
}
