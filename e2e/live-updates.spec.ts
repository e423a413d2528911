import { expect, test } from './fixtures/test.ts';
import type { Browser, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { EVENTS_PATH } from '../contract/events.ts';
import { createPaidAccount, login, uniqueTag, useSession } from './fixtures/accounts.ts';
import { bookFirstSlot } from './fixtures/bookings.ts';
import { overflows, PHONE } from './fixtures/phone.ts';

// Issue #18 "Live without polling": a customer (on a phone) and a professional, each in their own
// browser, see each other's news as it happens, without reloading: the request, its acceptance, the
// chat both ways; and what was sent while the customer was offline arrives when she is back.

async function signedIn(
  browser: Browser,
  session: Pick<LoginResponse, 'token' | 'user'>,
  options: { phone?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext(options.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  await useSession(page, session);
  return page;
}

const isStream = (url: string) => new URL(url).pathname === EVENTS_PATH;

/** Opens `path` and waits until the page's event stream has been answered (its news from now on reaches the page). */
async function openLive(page: Page, path: string): Promise<void> {
  const opened = page.waitForResponse((response) => isStream(response.url()) && response.status() === 200);
  await page.goto(path);
  await opened;
}

test('customer and professional see the request, its acceptance and the chat live; what came while offline arrives when back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const lastName = `Livewire${uniqueTag()
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Plumber',
    firstName: 'Kojo',
    lastName,
    baseRate: 40,
    maxRate: 60,
    rateNegotiable: true,
  });
  const customerAccount = await createPaidAccount(request, { firstName: 'Efua', lastName: 'Mensah' });
  const customer = await login(request, customerAccount);
  const proName = `Kojo ${lastName}`;

  // --- Both dashboards open, each with its stream: the customer on My Bookings, the professional on Overview.
  const page = await signedIn(browser, customer, { phone: true });
  await openLive(page, '/customer-dashboard');
  const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  await expect(page.getByText('You have no bookings yet.')).toBeVisible();

  const proPage = await signedIn(browser, await login(request, pro));
  await openLive(proPage, '/professional-dashboard');
  await expect(proPage.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  // --- The request: it shows in My Bookings, and Job Requests counts it as unread.
  await bookFirstSlot(request, customer, pro.user.id);
  const booking = page.getByRole('article', { name: `Plumber with ${proName}` });
  await expect(booking).toContainText('Pending');
  const jobsTab = proPage.getByRole('tab', { name: 'Job Requests' });
  await expect(jobsTab).toHaveAccessibleName('Job Requests, 1 unread');
  await jobsTab.click();
  await expect(jobsTab).toHaveAccessibleName('Job Requests');

  // --- The professional accepts; the customer's booking turns Confirmed, with Call, without reload or Refresh.
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: /^Efua/ }) });
  await job.getByRole('button', { name: 'Accept' }).click();
  await expect(booking).toContainText('Confirmed');
  await expect(booking.getByRole('link', { name: 'Call' })).toBeVisible();

  // --- Chat both ways.
  await proPage
    .getByRole('group', { name: 'Show jobs' })
    .getByRole('button', { name: /^Confirmed/ })
    .click();
  await booking.getByRole('button', { name: 'Message' }).click();
  await job.getByRole('button', { name: 'Message' }).click();
  await booking.getByLabel(`Message ${proName}`).fill('Good morning, is 9 still fine?');
  await booking.getByRole('button', { name: 'Send' }).click();
  await expect(job.getByRole('log')).toContainText('Good morning, is 9 still fine?');
  await job.getByRole('textbox', { name: /^Message / }).fill('Yes, see you at 9.');
  await job.getByRole('button', { name: 'Send' }).click();
  await expect(booking.getByRole('log')).toContainText('Yes, see you at 9.');

  // --- The customer goes to Overview and loses her connection; the professional writes meanwhile.
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await page.context().setOffline(true);
  await job.getByRole('textbox', { name: /^Message / }).fill('I will bring a new trap.');
  await job.getByRole('button', { name: 'Send' }).click();
  await expect(job.getByRole('log')).toContainText('I will bring a new trap.');

  // Back online: the stream opens again after the last event she had, and what she missed arrives.
  const caughtUp = page.waitForRequest((r) => isStream(r.url()) && new URL(r.url()).searchParams.has('after'));
  await page.context().setOffline(false);
  await caughtUp;
  const bookingsTab = tabs.getByRole('tab', { name: 'My Bookings' });
  await expect(bookingsTab).toHaveAccessibleName('My Bookings, 1 unread');
  expect(await overflows(page)).toEqual([]); // the count fits the phone's tab bar
  await bookingsTab.click();
  await expect(bookingsTab).toHaveAccessibleName('My Bookings');
  const message = booking.getByRole('button', { name: 'Message' });
  await expect(message).toHaveAccessibleName('Message, 1 unread');
  expect(await overflows(page)).toEqual([]);
  await message.click();
  await expect(booking.getByRole('log')).toContainText('I will bring a new trap.');
  await expect(booking.getByRole('button', { name: 'Hide messages' })).toBeVisible();

  await proPage.context().close();
  await page.context().close();
});
