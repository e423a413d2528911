import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import type { Booking } from '../contract/bookings.ts';
import { dateLabel, longDateLabel, timeLabel } from '../contract/dates.ts';
import { createPaidAccount, login, uniqueTag, useSession } from './fixtures/accounts.ts';
import { advanceServerClock, resetServerClockAfterEach, serverNow } from './fixtures/clock.ts';
import { PHONE, overflows, smallTargets } from './fixtures/phone.ts';
import { openJobs } from './fixtures/bookings.ts';
import { shot } from './fixtures/shots.ts';

// Answer deadlines and moved times on a 360 px phone (docs/PRODUCT.md "Bookings"): a request nobody answers
// expires at its deadline and the customer books one of the professionals suggested for that time;
// a booking's time is moved by one party's proposal and the other's accept, both cards showing it.

resetServerClockAfterEach();

async function phonePage(browser: Browser, session: Pick<LoginResponse, 'token' | 'user'>): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await useSession(page, session);
  return page;
}

/** Fits the phone, every control big enough for a thumb, and no axe violation (WCAG 2.1 AA). */
async function checkPhoneScreen(page: Page) {
  expect(await overflows(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** A request through the API for the professional's 10:00 (or first) open time two or more days ahead. */
async function requestLater(request: APIRequestContext, customer: LoginResponse, professionalId: number) {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const detail = await request.get(`/api/professionals/${professionalId}`, { headers });
  const { slots, today } = (await detail.json()) as { slots: { date: string; times: string[] }[]; today: string };
  const later = slots.filter((d) => d.date >= addDays(today, 2) && d.times.length > 0);
  const day = later[0];
  const time = day.times.includes('10:00') ? '10:00' : day.times[0];
  const made = await request.post('/api/bookings', {
    headers,
    data: { professionalId, date: day.date, time, description: 'Full body massage at home' },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { booking: Booking }).booking;
}

const addDays = (ymd: string, days: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a request nobody answers expires at its deadline, and the customer books a professional suggested for that time', async ({
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const silent = await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Kwesi',
    lastName: `Silent${tag}`,
    profession: 'Masseuse',
    baseRate: 50,
    maxRate: 80,
  });
  await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Efua',
    lastName: `Ready${tag}`,
    profession: 'Masseuse',
    baseRate: 55,
    maxRate: 80,
  });
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Adwoa' }));
  const booking = await requestLater(request, customer, silent.user.id);
  expect(booking.answerBy).toBeTruthy();

  const page = await phonePage(browser, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const card = page.getByRole('article', { name: `Masseuse with Kwesi Silent${tag}` });
  // Whose deadline it is, on the card's one clock (docs/PRODUCT.md "Bookings").
  await expect(
    card.getByText(
      new RegExp(`^Waiting for Kwesi Silent${tag}'s answer until (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \\d{1,2}:\\d\\d [AP]M$`),
    ),
  ).toBeVisible();

  // The deadline passes on the server's clock; the list read afterwards shows it expired.
  await advanceServerClock(request, Date.parse(booking.answerBy!) - (await serverNow(request)));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByText('Not answered in time')).toBeVisible();
  await expect(card.getByText(/did not answer in time, so this request was declined/)).toBeVisible();
  await expect(
    card.getByRole('heading', { name: `Free on ${dateLabel(booking.date)} at ${timeLabel(booking.time)}` }),
  ).toBeVisible();
  const book = card.getByRole('button', { name: `Book Efua Ready${tag}` });
  await expect(book).toBeVisible();
  await expect(card.getByRole('button', { name: `Book Kwesi Silent${tag}` })).toHaveCount(0);
  await card.screenshot({ path: test.info().outputPath('expired-request-360.png') });
  await checkPhoneScreen(page);

  // Book the suggested professional: the dialog starts from the same day, time and words.
  await book.click();
  const dialog = page.getByRole('dialog', { name: `Book Efua Ready${tag}` });
  await expect(dialog.getByRole('button', { name: longDateLabel(booking.date), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByRole('radio', { name: timeLabel(booking.time) })).toBeChecked();
  await expect(dialog.getByLabel('Job description')).toHaveValue('Full body massage at home');
  await shot(page, 'customer-rebook-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('article', { name: `Masseuse with Efua Ready${tag}` })).toBeVisible();
  const rebooked = page.getByRole('article', { name: `Masseuse with Efua Ready${tag}` });
  await expect(rebooked.getByText(`${dateLabel(booking.date)} at ${timeLabel(booking.time)}`)).toBeVisible();
  await expect(rebooked.getByText('Pending')).toBeVisible();
  await page.context().close();
});

test('a time is moved: the professional proposes another, the customer accepts, and both cards show it', async ({
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const proAccount = await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Yaw',
    lastName: `Tailor${tag}`,
    profession: 'Fashion Designer',
    baseRate: 40,
    maxRate: 60,
  });
  const pro = await login(request, proAccount);
  const customer = await login(
    request,
    await createPaidAccount(request, { firstName: 'Esi', lastName: `Client${tag}` }),
  );
  const booking = await requestLater(request, customer, pro.user.id);
  const accepted = await request.post(`/api/bookings/${booking.id}/accept`, {
    headers: { Authorization: `Bearer ${pro.token}` },
  });
  expect(accepted.status()).toBe(200);

  // The professional proposes the next day's first open time.
  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'Confirmed');
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: `Esi Client${tag}` }) });
  await job.getByRole('button', { name: 'Propose another time' }).click();
  const form = job.getByRole('form', { name: 'Propose another time' });
  // The same day at 14:00 (the request is for 10:00, two or more days ahead: open and not passed).
  const chosenDate = booking.date;
  await form.getByRole('combobox', { name: 'Day' }).selectOption(chosenDate);
  await form.getByRole('combobox', { name: 'Time' }).selectOption('14:00');
  await form.screenshot({ path: test.info().outputPath('propose-time-360.png') });
  await checkPhoneScreen(proPage);
  await form.getByRole('button', { name: 'Send proposal' }).click();
  const proposal = job.getByRole('group', { name: 'Proposed new time' });
  await expect(proposal).toContainText(`Waiting for Esi Client${tag}'s answer`);

  // The customer sees it on the card (live), accepts it, and the booking moves.
  const customerPage = await phonePage(browser, customer);
  await customerPage.goto('/customer-dashboard');
  await customerPage.getByRole('tab', { name: 'My Bookings' }).click();
  const card = customerPage.getByRole('article', { name: `Fashion Designer with Yaw Tailor${tag}` });
  const offered = card.getByRole('group', { name: 'Proposed new time' });
  await expect(offered).toContainText('New time proposed:');
  await offered.screenshot({ path: test.info().outputPath('proposal-card-360.png') });
  await checkPhoneScreen(customerPage);
  await offered.getByRole('button', { name: 'Accept new time' }).click();
  await expect(card.getByText(`${dateLabel(chosenDate)} at ${timeLabel('14:00')}`)).toBeVisible();
  await expect(offered).toHaveCount(0);
  await card.getByRole('button', { name: /^Message/ }).click();
  await expect(card.getByRole('log')).toContainText('Yaw proposed moving the booking to');
  await expect(card.getByRole('log')).toContainText('Esi accepted: the booking is now');

  // The professional's card follows by itself (live update), with the new time.
  await expect(job.locator(`time[datetime="${chosenDate}T14:00"]`)).toBeVisible();
  await expect(job.getByRole('group', { name: 'Proposed new time' })).toHaveCount(0);
  await proPage.context().close();
  await customerPage.context().close();
});
