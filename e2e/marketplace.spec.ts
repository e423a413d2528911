import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import type { Booking } from '../contract/bookings.ts';
import { DAY_MS } from '../contract/dates.ts';
import { createPaidAccount } from './fixtures/accounts.ts';
import { passSlotStart } from './fixtures/bookings.ts';
import { resetServerClockAfterEach } from './fixtures/clock.ts';
import type { PaidAccount } from './fixtures/accounts.ts';

// Issue 4's journey: a customer finds a plumber near Accra, books a slot with a negotiated rate, the
// professional accepts, they chat both ways, the job is done, the customer reviews, and the new
// rating shows in the search.

resetServerClockAfterEach(); // passSlotStart moves the server's clock

const ACCRA = { latitude: 5.6037, longitude: -0.187 };

async function login(request: APIRequestContext, account: PaidAccount, accountType: 'customer' | 'professional') {
  const response = await request.post('/api/auth/login', {
    data: { loginMethod: 'email', email: account.email, password: account.password, accountType },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as LoginResponse;
}

/** A page whose browser holds the session, as the sign-in page leaves it (docs/PRODUCT.md "Signing in and sessions"). */
async function signedInPage(
  browser: Browser,
  session: LoginResponse,
  options: { geolocation?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext(
    options.geolocation ? { geolocation: ACCRA, permissions: ['geolocation'] } : {},
  );
  await context.addInitScript(({ token, user }) => {
    // Not in about:blank, which has no storage (reading it there throws).
    if (location.origin === 'null') return;
    if (!localStorage.getItem('authToken')) {
      localStorage.setItem('authToken', token);
      localStorage.setItem('userData', JSON.stringify(user));
    }
  }, session);
  return context.newPage();
}

/** Reads as one user, for what the test checks behind the pages. */
function asUser(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => {
      const response = await request.get(path, { headers });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

test('a customer finds a plumber near Accra, books with a negotiated rate, chats, and reviews after the job', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  const lastName = `Pipeworks${tag}`;
  const plumber = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Plumber',
    firstName: 'Kwabena',
    lastName,
    location: 'Accra',
    localAddress: 'Osu, Oxford Street',
    baseRate: 30,
    maxRate: 50,
    rateNegotiable: true,
  });
  const customer = await createPaidAccount(request, {
    userType: 'customer',
    firstName: 'Akosua',
    lastName: 'Customer',
  });
  const proSession = await login(request, plumber, 'professional');
  const customerSession = await login(request, customer, 'customer');
  const pro = asUser(request, proSession.token);
  const proName = `Kwabena ${lastName}`;

  // --- The customer, with the browser's location granted and set in Accra.
  const page = await signedInPage(browser, customerSession, { geolocation: true });
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expect(page.getByText('Customer since')).toBeVisible();
  await expect(page.getByText('0 Services Used')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Accra, Ghana' })).toContainText('Live');

  const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
  await tabs.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Find Services' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Find Services' })).toHaveAttribute('aria-selected', 'true');

  await expect(page.getByRole('checkbox', { name: 'Near me (7 miles)' })).toBeChecked();
  await page.getByLabel('Category').selectOption({ label: 'Plumber' });
  await page.getByLabel('Search by name or profession').fill(lastName);
  const card = page.getByRole('article', { name: proName });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Plumber');
  await expect(card).toContainText('New');
  await expect(card).toContainText('0 reviews');
  // The plumber gave only a city: the distance from its centre is approximate (docs/PRODUCT.md "Distances").
  await expect(card).toContainText(/within about a mile|about \d+(\.\d)? miles?/);
  await expect(card).toContainText('₵30–₵50/hour');

  // Save to favourites: the Overview card counts it.
  await card.getByRole('button', { name: `Save ${proName} to favourites` }).click();
  await expect(card.getByRole('button', { name: `Save ${proName} to favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // --- The booking dialog.
  await card.getByRole('button', { name: `Book Appointment with ${proName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${proName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('₵30–₵50 per hour');
  await expect(dialog).toContainText('Rate is negotiable');
  await expect(dialog.getByRole('columnheader').first()).toHaveText('Sun');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');

  await dialog.getByRole('table').getByRole('button', { disabled: false }).first().click();
  const slot = dialog.getByRole('radio', { disabled: false }).first();
  await slot.check();
  await expect(dialog.getByRole('radio')).toHaveCount(10);

  await dialog.getByRole('switch', { name: 'Negotiate custom rate' }).click();
  await expect(dialog.getByText('Suggested range: ₵24–₵55 per hour')).toBeVisible();
  await dialog.getByLabel('Your proposed rate (₵ per hour)').fill('35');
  await dialog.getByLabel('Job description').fill('Kitchen sink is leaking under the cabinet.');
  await expect(dialog.getByText('Custom rate requires professional approval')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Booking summary' })).toContainText('₵70');
  await dialog.getByRole('button', { name: 'Submit Request with Custom Rate' }).click();
  await expect(page.getByText('Booking request submitted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // --- My Bookings: pending, with the negotiated note.
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  const booking = page.getByRole('article', { name: `Plumber with ${proName}` });
  await expect(booking).toContainText('Pending');
  await expect(booking).toContainText('Rate negotiated to ₵35/hour');
  await expect(booking).toContainText('₵35/hour · total ₵70');

  // --- The professional, signed in in a second browser, accepts in Job Requests.
  const proPage = await signedInPage(browser, proSession);
  await proPage.goto('/professional-dashboard');
  await proPage.getByRole('tab', { name: 'Job Requests' }).click();
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: /^Akosua/ }) });
  await expect(job).toContainText('Pending');
  await job.getByRole('button', { name: 'Accept' }).click();
  const showJobs = proPage.getByRole('group', { name: 'Show jobs' });
  await showJobs.getByRole('button', { name: /^Confirmed/ }).click();
  await expect(job).toContainText('Confirmed');
  const { bookings: proBookings } = await pro.get<{ bookings: Booking[] }>('/api/bookings?status=confirmed');
  const accepted = proBookings.find((b) => b.customerName.startsWith('Akosua'));
  expect(accepted).toBeDefined();

  // The customer refreshes the list: confirmed, with Call and Message.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('tab', { name: /^Confirmed/ }).click();
  await expect(booking).toContainText('Confirmed');
  await expect(booking.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+233\d{9}$/);

  // --- Chat both ways; each side sees the other's message within 3 s, without reload.
  await booking.getByRole('button', { name: 'Message' }).click();
  await job.getByRole('button', { name: 'Message' }).click();
  const customerLog = booking.getByRole('log');
  const proLog = job.getByRole('log');
  await booking.getByLabel(`Message ${proName}`).fill('Hello, can you bring a new trap?');
  await booking.getByRole('button', { name: 'Send' }).click();
  await expect(customerLog).toContainText('Hello, can you bring a new trap?');
  await expect(booking.getByLabel(`Message ${proName}`)).toHaveValue('');
  await expect(proLog).toContainText('Hello, can you bring a new trap?', { timeout: 6_000 });
  await job.getByRole('textbox', { name: /^Message / }).fill('Yes, I will bring one. See you then!');
  await job.getByRole('button', { name: 'Send' }).click();
  await expect(customerLog).toContainText('Yes, I will bring one. See you then!', { timeout: 6_000 });

  // --- The slot passes (the test server's clock moves), and the professional marks the job done.
  // The professional's dashboard learns the server's new time when it loads the jobs again.
  await passSlotStart(request, accepted!);
  await proPage.reload();
  await proPage.getByRole('tab', { name: 'Job Requests' }).click();
  await showJobs.getByRole('button', { name: /^Confirmed/ }).click();
  await job.getByRole('button', { name: 'Mark Completed' }).click();
  await job.getByRole('button', { name: 'Yes, mark it completed' }).click();
  await showJobs.getByRole('button', { name: /^Completed/ }).click();
  await expect(job).toContainText('Completed');
  await proPage.context().close();

  // --- The customer refreshes the list: the header's count of services used follows.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(booking).toHaveCount(0); // no longer confirmed
  // --- The customer leaves a 5-star review.
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('1 Service Used')).toBeVisible();
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(booking).toContainText('Completed');
  await booking.getByRole('button', { name: 'Leave Review' }).click();
  await booking.getByRole('button', { name: 'Submit Review' }).click();
  await expect(booking.getByRole('alert')).toHaveText('Choose a rating from 1 to 5 stars.');
  await booking.getByRole('radio', { name: '5 stars' }).check();
  // Choosing the stars answers it: the red line goes.
  await expect(booking.getByRole('alert')).toHaveCount(0);
  await booking.getByLabel('Comment').fill('Fixed the leak fast and left the kitchen clean.');
  await booking.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Leave Review' })).toHaveCount(0);

  // --- The new rating shows in the search.
  await tabs.getByRole('tab', { name: 'Find Services' }).click();
  await expect(card).toContainText('5.0');
  await expect(card).toContainText('1 review');

  // Overview: figures from the server.
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  const stats = page.getByRole('region', { name: 'Your figures' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Completed services' })).toContainText('1');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total spent' })).toContainText('₵70');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Saved favourites' })).toContainText('1');

  await page.context().close();
});

test('without location access, on a phone whose date is weeks behind, the customer browses from Accra, books an open day, and can cancel', async ({
  browser,
  request,
}) => {
  const tag = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  const lastName = `Sparks${tag}`;
  await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName: 'Efua',
    lastName,
    location: 'Accra',
    localAddress: 'Adabraka',
  });
  const customer = await createPaidAccount(request, { userType: 'customer', firstName: 'Yaa', lastName: 'Denied' });
  const page = await signedInPage(browser, await login(request, customer, 'customer'));
  // The visitor refuses location access: the browser answers PERMISSION_DENIED (no retry).
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (_ok: unknown, fail: (e: { code: number; message: string }) => void) =>
          fail({ code: 1, message: 'denied' }),
      },
    });
  });
  // A phone that lost its date (the battery came out): the calendar follows the server's date.
  await page.clock.setFixedTime(new Date(Date.now() - 40 * DAY_MS));
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Location unavailable' })).toBeVisible();
  await page.getByRole('tab', { name: 'Find Services' }).click();
  // The account's own city (Accra here) stands in for the phone's position (issue #29 item 2).
  await expect(
    page.getByText('Using Accra, your city, as your location. You can still browse all professionals.'),
  ).toBeVisible();
  await page.getByLabel('Search by name or profession').fill(lastName);
  const card = page.getByRole('article', { name: `Efua ${lastName}` });
  await expect(card).toContainText('Electrician');

  await card.getByRole('button', { name: /^Book Appointment/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('table').getByRole('button', { disabled: false }).first().click();
  await dialog.getByRole('radio', { disabled: false }).first().check();
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const booking = page.getByRole('article', { name: `Electrician with Efua ${lastName}` });
  await expect(booking).toContainText('Pending');
  await booking.getByRole('button', { name: 'Cancel Booking' }).click();
  await booking.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(booking).toContainText('Cancelled');
  await expect(booking.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  await page.context().close();
});
