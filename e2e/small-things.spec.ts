import { expect, test } from './fixtures/test.ts';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { LoginResponse } from '../contract/accounts.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { bookFirstSlot, completedJob, openJobs } from './fixtures/bookings.ts';
import { advanceServerClock, resetServerClockAfterEach, serverNow } from './fixtures/clock.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// Small things seen on a phone: the report form and boxes drawn with the kit's controls and
// padding, the admin's report page with buttons as wide as their words, the expired request's box,
// the customer's photo on Job Requests, the negotiate switch, and words said once.

resetServerClockAfterEach(); // completedJob and the expired request move the server's clock

async function phonePage(browser: Browser, session?: Pick<LoginResponse, 'token' | 'user'>): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  if (session) await useSession(page, session);
  return page;
}

const fits = async (page: Page) => expect(await overflows(page)).toEqual([]);

/** The computed styles a person sees of `locator`, in pixels. */
const looks = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const body = getComputedStyle(document.body);
    return {
      fontSize: Number.parseFloat(style.fontSize),
      bodyFontSize: Number.parseFloat(body.fontSize),
      paddingLeft: Number.parseFloat(style.paddingLeft),
      border: Number.parseFloat(style.borderLeftWidth),
      height: el.getBoundingClientRect().height,
      width: el.getBoundingClientRect().width,
    };
  });

/** A control in the page's own font (not the browser's 13 px), thumb-high. */
async function expectKitControl(locator: Locator) {
  const seen = await looks(locator);
  expect(seen.fontSize).toBe(seen.bodyFontSize);
  expect(seen.height).toBeGreaterThanOrEqual(44);
}

const plumber = (request: Parameters<typeof createPaidAccount>[0], firstName: string, lastName: string) =>
  createPaidAccount(request, {
    userType: 'professional',
    firstName,
    lastName,
    profession: 'Plumber',
    baseRate: 40,
    maxRate: 60,
    rateNegotiable: true,
  }).then((account) => login(request, account));

test('the job-done question, the report form and the report are drawn with the kit; the admin report page is not stretched', async ({
  browser,
  request,
}) => {
  const pro = await plumber(request, 'Kweku', 'Tetteh');
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Akua', lastName: 'Boateng' }));
  await completedJob(request, customer, pro);

  const page = await phonePage(browser, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const card = page.getByRole('article', { name: 'Plumber with Kweku Tetteh' });
  const question = card.getByRole('group', { name: 'Was the job done?' });
  await expectKitControl(question.getByRole('button', { name: 'Yes, it was done' }));
  await expectKitControl(question.getByRole('button', { name: 'Report a problem' }));
  await shot(page, 'small-was-the-job-done');

  await question.getByRole('button', { name: 'Report a problem' }).click();
  const form = card.getByRole('form', { name: 'Report a problem' });
  for (const control of [
    form.getByLabel('What went wrong?'),
    form.getByLabel('What happened?'),
    form.getByRole('button', { name: 'Send report' }),
    form.getByRole('button', { name: 'Cancel' }),
  ]) {
    await expectKitControl(control);
  }
  for (const field of [form.getByLabel('What went wrong?'), form.getByLabel('What happened?')]) {
    const seen = await looks(field);
    expect(seen.border).toBeGreaterThanOrEqual(1);
    expect(seen.paddingLeft).toBeGreaterThan(4);
  }
  await form.getByLabel('What went wrong?').selectOption({ label: 'Poor work' });
  await form.getByLabel('What happened?').fill('The sink still leaks under the cabinet after the visit.');
  await fits(page);
  await shot(page, 'small-report-form');
  await form.getByRole('button', { name: 'Send report' }).click();
  const report = card.getByRole('region', { name: 'Your report: Poor work' });
  await expect(report.getByText('Open: an administrator is looking at it.')).toBeVisible();
  // The report's box keeps its padding (a <section> inside .page lost its sides).
  expect((await looks(report)).paddingLeft).toBeGreaterThan(4);
  await expectKitControl(report.getByRole('button', { name: 'Send' }));
  await fits(page);
  await shot(page, 'small-report-sent');

  // The administrator, on a desktop: the report page's buttons are as wide as their words.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAdmin(admin);
  await admin.getByRole('tab', { name: 'Reports' }).click();
  const item = admin
    .getByRole('list', { name: 'Open problem reports' })
    .getByRole('listitem')
    .filter({ hasText: 'By the customer Akua Boateng, about Kweku Tetteh' });
  // Opened three times in a row: the activity log says so on one line.
  for (let time = 0; time < 3; time++) {
    await item.getByRole('button', { name: /^Open report/ }).click();
    await expect(admin.getByText('The sink still leaks under the cabinet after the visit.')).toBeVisible();
    for (const name of ['Back to the reports', "Open Kweku Tetteh's account", 'Send message']) {
      expect((await looks(admin.getByRole('button', { name }))).width).toBeLessThan(400);
    }
    if (time === 0) {
      await admin.setViewportSize(PHONE);
      await fits(admin);
      await shot(admin, 'small-admin-report');
      await admin.setViewportSize({ width: 1280, height: 800 });
    }
    await admin.getByRole('button', { name: 'Back to the reports' }).click();
  }
  await admin.getByRole('tab', { name: 'Activity' }).click();
  const log = admin.getByRole('list', { name: 'Administrator actions, newest first' });
  await expect(log.getByText(/opened problem report #\d+ \(3 times from \d\d:\d\d\)\.$/)).toHaveCount(1);
  await expect(log.getByText(/\.\.$/)).toHaveCount(0);
  await admin.setViewportSize(PHONE);
  await shot(admin, 'small-admin-activity', { fullPage: false });
  await admin.setViewportSize({ width: 1280, height: 800 });

  // A search that finds nobody says so once.
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByRole('searchbox', { name: 'Search users' }).fill('nobody-by-this-name-at-all');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByText('No users match this search.')).toHaveCount(1);
  await expect(admin.getByText('No results')).toHaveCount(0);
  await admin.setViewportSize(PHONE);
  await fits(admin);
  await shot(admin, 'small-admin-users-empty');

  // The chart's figures name their months in words.
  await admin.getByRole('tab', { name: 'Overview' }).click();
  await admin.getByText('Show the figures as a table').click();
  const months = admin.getByRole('table', { name: 'Sign-ups and revenue for the last 12 months' });
  await expect(months.getByRole('rowheader').first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  await months.scrollIntoViewIfNeeded();
  await shot(admin, 'small-admin-months', { fullPage: false });
});

test("an expired request's box is padded, Job Requests show the customer's photo, and the negotiate switch's knob is centred", async ({
  browser,
  request,
}) => {
  const pro = await plumber(request, 'Fiifi', 'Quansah');
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Esi', lastName: 'Arthur' }));
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  const put = await request.put('/api/me/photo', {
    headers: { Authorization: `Bearer ${customer.token}`, 'Content-Type': 'image/png' },
    data: photo,
  });
  expect(put.ok()).toBe(true);
  const booking = await bookFirstSlot(request, customer, pro.user.id);

  // The professional's Job Requests: the customer's photo beside the name.
  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'Pending');
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: 'Esi Arthur' }) });
  await expect(job.locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}-thumb\.webp$/);
  await fits(proPage);
  await shot(proPage, 'small-job-request-photo');

  // The negotiate switch: its knob in the middle of the track, top to bottom, off and on.
  const page = await phonePage(browser, customer);
  await page.goto(`/customer-dashboard?book=${pro.user.id}`);
  const dialog = page.getByRole('dialog', { name: /^Book Fiifi/ });
  const toggle = dialog.getByRole('switch', { name: 'Negotiate custom rate' });
  for (const checked of [false, true]) {
    if (checked) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(checked));
    const offset = await toggle.evaluate((track) => {
      const knob = track.firstElementChild!.getBoundingClientRect();
      const box = track.getBoundingClientRect();
      return Math.abs(knob.top + knob.height / 2 - (box.top + box.height / 2));
    });
    expect(offset).toBeLessThanOrEqual(0.5);
  }
  await shot(page, 'small-negotiate-switch', { fullPage: false });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The request expires unanswered: its box keeps its padding.
  await advanceServerClock(request, Date.parse(booking.answerBy!) - (await serverNow(request)) + 60_000);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const card = page.getByRole('article', { name: 'Plumber with Fiifi Quansah' });
  await expect(card.getByText('Not answered in time')).toBeVisible();
  const expired = card.getByRole('region', { name: /^Free on / });
  expect((await looks(expired)).paddingLeft).toBeGreaterThan(4);
  await fits(page);
  await shot(page, 'small-expired-request');
});

test('the general dashboard says "Saved favourites", as the customer dashboard does', async ({ page, request }) => {
  await useSession(page, await login(request, await createPaidAccount(request, { firstName: 'Ama' })));
  await page.goto('/dashboard');
  const stats = page.getByRole('list', { name: 'Your figures' });
  await expect(stats.getByText('Saved favourites')).toBeVisible();
  await expect(page.getByText('Saved Favorites')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await shot(page, 'small-general-dashboard', { fullPage: false });
});

test('a professional who wrote no description gets none made up on the public page', async ({ page, request }) => {
  const pro = await plumber(request, 'Nana', 'Ofori');
  await page.setViewportSize(PHONE);
  await page.goto(`/professionals/${pro.user.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nana O.');
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(page.getByText('Professional service provider')).toHaveCount(0);
  await fits(page);
  await shot(page, 'small-public-page-no-bio');

  // The professional's own Profile tab says the bio is missing, rather than showing made-up words.
  await useSession(page, pro);
  await page.goto('/professional-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByText('Not written yet: customers see no description until you add one.')).toBeVisible();
  await shot(page, 'small-profile-no-bio');
});
