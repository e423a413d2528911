import { expect, test } from './fixtures/test.ts';
import type { Browser, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { bookFirstSlot, openJobs, passSlotStart } from './fixtures/bookings.ts';
import { resetServerClockAfterEach } from './fixtures/clock.ts';
import { PHONE, overflows } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// The job's record on both phones (docs/PRODUCT.md "Bookings"): what each party reads about a
// request's answer, a declined request's reason, and whose turn it is.

resetServerClockAfterEach(); // passSlotStart moves the server's clock

async function phonePage(browser: Browser, session: Pick<LoginResponse, 'token' | 'user'>): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await useSession(page, session);
  return page;
}

const fits = async (page: Page) => expect(await overflows(page)).toEqual([]);

async function plumberAndCustomer(
  request: Parameters<typeof createPaidAccount>[0],
  pro: { firstName: string; lastName: string },
  customer: { firstName: string; lastName: string },
) {
  return {
    pro: await login(
      request,
      await createPaidAccount(request, { userType: 'professional', profession: 'Plumber', ...pro }),
    ),
    customer: await login(request, await createPaidAccount(request, customer)),
  };
}

test('Decline asks first, with an optional reason the customer reads; Accept stays one tap', async ({
  browser,
  request,
}) => {
  const { pro, customer } = await plumberAndCustomer(
    request,
    { firstName: 'Ekow', lastName: 'Quaye' },
    { firstName: 'Akua', lastName: 'Sarpong' },
  );
  await bookFirstSlot(request, customer, pro.user.id, 0);
  await bookFirstSlot(request, customer, pro.user.id, 1);

  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'Pending');
  const jobs = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: 'Akua Sarpong' }) });
  await expect(jobs).toHaveCount(2);
  // Decline: a question first, which keeps the request when put away.
  await jobs.first().getByRole('button', { name: 'Decline' }).click();
  const question = jobs.first().getByRole('group', { name: 'Confirm declining the request' });
  await expect(question).toBeFocused();
  await expect(question).toContainText(/^Decline Akua Sarpong's request for .+\? The time is free again/);
  await question.getByRole('button', { name: 'Keep the request' }).click();
  await expect(question).toHaveCount(0);
  await expect(jobs).toHaveCount(2);
  await jobs.first().getByRole('button', { name: 'Decline' }).click();
  await question.getByLabel('Reason for Akua Sarpong (optional)').fill('I am at a site in Tema all that day.');
  await fits(proPage);
  await shot(proPage, 'professional-decline-question');
  await question.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(proPage.getByRole('status').filter({ hasText: 'Job request declined.' })).toBeVisible();
  await expect(jobs).toHaveCount(1);
  // Accept is one tap.
  await jobs.first().getByRole('button', { name: 'Accept' }).click();
  await expect(proPage.getByRole('status').filter({ hasText: 'Job accepted.' })).toBeVisible();

  const customerPage = await phonePage(browser, customer);
  await customerPage.goto('/customer-dashboard');
  await customerPage.getByRole('tab', { name: 'My Bookings' }).click();
  const declined = customerPage
    .getByRole('article', { name: 'Plumber with Ekow Quaye' })
    .filter({ hasText: 'declined this request' });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(
    declined.getByText('Ekow Quaye declined this request: “I am at a site in Tema all that day.”'),
  ).toBeVisible();
  await fits(customerPage);
  await shot(customerPage, 'customer-declined-with-reason');
});

test('the professional is told live when the customer answers his proposed time; his own status line goes then', async ({
  browser,
  request,
}) => {
  const { pro, customer } = await plumberAndCustomer(
    request,
    { firstName: 'Kobby', lastName: 'Asante' },
    { firstName: 'Esi', lastName: 'Badu' },
  );
  const booking = await bookFirstSlot(request, customer, pro.user.id);
  const headers = (who: LoginResponse) => ({ Authorization: `Bearer ${who.token}` });
  expect((await request.post(`/api/bookings/${booking.id}/accept`, { headers: headers(pro) })).ok()).toBe(true);

  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'Confirmed');
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: 'Esi Badu' }) });
  await job.getByRole('button', { name: 'Propose another time' }).click();
  const form = job.getByRole('form', { name: 'Propose another time' });
  const day = form.getByLabel('Day');
  await expect(day.locator('option')).not.toHaveCount(1);
  await day.selectOption({ index: 2 });
  await form.getByLabel('Time').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Send proposal' }).click();
  const proposed = proPage
    .getByRole('status')
    .filter({ hasText: 'New time proposed. We will tell you when it is answered.' });
  await expect(proposed).toBeVisible();

  // The customer accepts on her phone (here through the API): his page hears of it live.
  const accepted = await request.post(`/api/bookings/${booking.id}/proposal/accept`, { headers: headers(customer) });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await expect(proPage.getByRole('status').filter({ hasText: 'New time accepted' })).toContainText(
    /Esi Badu accepted your proposed time: the booking is now /,
  );
  await expect(job.getByText(/^Esi Badu accepted your proposed time: the booking is now /)).toBeVisible();
  await expect(proposed).toHaveCount(0);
  await fits(proPage);
  await shot(proPage, 'professional-proposal-accepted');
});

test("the professional's Overview says his own kept jobs, as his public page does", async ({ browser, request }) => {
  const { pro, customer } = await plumberAndCustomer(
    request,
    { firstName: 'Yaw', lastName: 'Darko' },
    { firstName: 'Abla', lastName: 'Tetteh' },
  );
  const booking = await bookFirstSlot(request, customer, pro.user.id);
  const accepted = await request.post(`/api/bookings/${booking.id}/accept`, {
    headers: { Authorization: `Bearer ${pro.token}` },
  });
  expect(accepted.ok()).toBe(true);
  await passSlotStart(request, booking);
  const page = await phonePage(browser, pro);
  await page.goto('/professional-dashboard');
  await expect(page.getByText('Your public page says: Kept 1 of 1 job in the last 90 days.')).toBeVisible();
  await fits(page);
  await shot(page, 'professional-overview-kept');
});

test("the customer's card says whose deadline it is, and every time on a card is on one clock", async ({
  browser,
  request,
}) => {
  const { pro, customer } = await plumberAndCustomer(
    request,
    { firstName: 'Ekow', lastName: 'Mensah' },
    { firstName: 'Adjoa', lastName: 'Frimpong' },
  );
  await bookFirstSlot(request, customer, pro.user.id);
  const page = await phonePage(browser, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const card = page.getByRole('article', { name: 'Plumber with Ekow Mensah' });
  await expect(
    card.getByText(/^Waiting for Ekow Mensah's answer until (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}:\d\d [AP]M$/),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Message' }).click();
  await card.getByRole('textbox', { name: 'Message Ekow Mensah' }).fill('Is the morning fine?');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByRole('log')).toContainText('Is the morning fine?');
  // No time on the 24-hour clock beside the booking's "9:00 AM" (the chat's times included).
  expect(await card.innerText()).not.toMatch(/\b\d{1,2}:\d\d\b(?! ?[AP]M)/);
  await expect(card.getByText(/\d{1,2}:\d\d [AP]M/).first()).toBeVisible();
  await fits(page);
  await shot(page, 'customer-pending-deadline');

  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'Pending');
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: 'Adjoa Frimpong' }) });
  await expect(job.getByText(/^Answer by (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  expect(await job.innerText()).not.toMatch(/\b\d{1,2}:\d\d\b(?! ?[AP]M)/);
});

test('booking a professional of another city says so before the request goes; one of the same city does not', async ({
  browser,
  request,
}) => {
  const ekow = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName: 'Ekow',
    lastName: 'Far',
    location: 'Accra',
  });
  const kofi = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName: 'Kofi',
    lastName: 'Near',
    location: 'Kumasi',
    localAddress: 'Bantama, Kumasi',
  });
  const customer = await login(
    request,
    await createPaidAccount(request, { firstName: 'Ama', location: 'Kumasi', localAddress: 'Asokwa, Kumasi' }),
  );
  const page = await phonePage(browser, customer);
  const proId = async (account: typeof ekow) => (await login(request, account)).user.id;
  await page.goto(`/customer-dashboard?book=${await proId(ekow)}`);
  const dialog = page.getByRole('dialog', { name: /^Book Ekow Far/ });
  await expect(
    dialog.getByText(/^Ekow works in Accra, about \d+ miles from Asokwa, Kumasi, where the job is\.$/),
  ).toBeVisible();
  await fits(page);
  await shot(page, 'customer-other-city-dialog', { fullPage: false });

  await page.goto(`/customer-dashboard?book=${await proId(kofi)}`);
  const near = page.getByRole('dialog', { name: /^Book Kofi Near/ });
  // Its open days have come (the profile with its place read): still nothing to say.
  await expect(
    near.getByRole('button', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday),/ }).first(),
  ).toBeEnabled();
  await expect(near.getByText(/works in/)).toHaveCount(0);
});
