import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { NO_CONNECTION, OFFLINE_WORDS } from '../contract/connection.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { acceptedPlumbing, bookFirstSlot, openJobs } from './fixtures/bookings.ts';
import { workerServes } from './fixtures/parts.ts';
import { PHONE, overflows, refuseLocation } from './fixtures/phone.ts';
import { expect, test } from './fixtures/test.ts';

// A dropped signal on the way to a job, on a 360 px phone (docs/PRODUCT.md "Working offline"): the
// chat seen before is read again without a signal, with its age; the page says "no connection"
// once (its banner) and its parts only what is theirs; a part with nothing kept says so, never
// zero counts; signing out forgets the chats kept on the phone.

test.use({ viewport: PHONE });

const SHOTS = '/tmp/shots-chat-kept';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
};

const GATE = 'The gate is the blue one by the pharmacy. Come at 10:00, GH₵ 150 as agreed.';
const SAVED_AT = /^Saved on this phone at \d{1,2}:\d\d [AP]M\.$/;
/** Every place on the page that says there is no connection, in any words. */
const noConnectionSaid = (page: Page) => page.getByText(/no connection|unable to connect|could not load/i);

test('a chat seen online is read again offline with its age, the lost connection said once; signing out forgets it, and the other party on the phone never sees that copy', async ({
  page,
  request,
}) => {
  const { pro, customer, booking } = await acceptedPlumbing(request, {
    pro: { firstName: 'Kobina', lastName: 'Gate' },
    customer: { firstName: 'Esi', lastName: 'Kept' },
  });
  const said = await request.post(`/api/bookings/${booking.id}/messages`, {
    headers: { Authorization: `Bearer ${pro.token}` },
    data: { body: GATE },
  });
  expect(said.ok(), await said.text()).toBe(true);
  await refuseLocation(page);
  await useSession(page, customer);
  const context = page.context();

  // Seen online once: the dashboard installs the app, the chat is read.
  await page.goto('/customer-dashboard');
  await workerServes(page);
  await page.getByRole('tab', { name: /My Bookings/ }).click();
  const card = page.getByRole('article', { name: 'Plumber with Kobina Gate' });
  await card.getByRole('button', { name: 'Message' }).click();
  const chat = card.getByRole('region', { name: 'Chat with Kobina Gate' });
  await expect(chat.getByRole('log').getByText(GATE)).toBeVisible();
  await expect(chat.getByText(SAVED_AT)).toHaveCount(0);

  // On the way, no signal: the page from the phone, the chat from the phone, with its age.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: /My Bookings/ }).click();
  await card.getByRole('button', { name: 'Message' }).click();
  await expect(chat.getByRole('log').getByText(GATE)).toBeVisible();
  await expect(chat.getByRole('status').filter({ hasText: 'Saved on this phone' })).toHaveText(SAVED_AT);
  // One sentence for the lost connection on the screen: the banner's.
  const banner = page.getByRole('status').filter({ hasText: 'No connection' });
  await expect(banner).toHaveText(/^No connection\. Showing what was on screen at \d{1,2}:\d\d [AP]M; it updates/);
  await expect(noConnectionSaid(page)).toHaveCount(1);
  expect(await overflows(page)).toEqual([]);
  await chat.scrollIntoViewIfNeeded();
  await shot(page, 'chat-offline-360');

  // A message typed meanwhile: kept, said by the composer in its own words only, then sent once.
  await chat.getByRole('textbox', { name: 'Message Kobina Gate' }).fill('I am on my way.');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert')).toHaveText(OFFLINE_WORDS.willSend);
  await expect(noConnectionSaid(page)).toHaveCount(1);
  await shot(page, 'chat-offline-typed-360');
  await context.setOffline(false);
  const mine = chat.getByRole('log').getByRole('listitem').filter({ hasText: 'I am on my way.' });
  await expect(mine).toHaveCount(1);
  await expect(mine).not.toContainText('Waiting to send');
  await expect(banner).toBeHidden();
  await expect(chat.getByText(SAVED_AT)).toHaveCount(0);
  const read = await request.get(`/api/bookings/${booking.id}/messages`, {
    headers: { Authorization: `Bearer ${pro.token}` },
  });
  expect(((await read.json()) as { messages: { body: string }[] }).messages.map((m) => m.body)).toEqual([
    GATE,
    'I am on my way.',
  ]);

  // Signing out forgets the kept chats with the rest.
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sc-kept:')));
  expect((await kept()).some((key) => key.includes(':messages:'))).toBe(true);
  await page.getByRole('button', { name: /Esi.*account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect(await kept()).toEqual([]);

  // The professional signs in on the same phone; the chat's messages get no answer: nothing of the
  // customer's copy shows, only that nothing is loaded.
  await useSession(page, pro);
  await openJobs(page, 'Confirmed');
  const job = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Esi Kept' }) });
  await expect(job).toBeVisible();
  await page.route(`**/api/bookings/${booking.id}/messages**`, (route) => route.abort('internetdisconnected'));
  await job.getByRole('button', { name: /^Message/ }).click();
  const proChat = job.getByRole('region', { name: 'Chat with Esi Kept' });
  await expect(proChat.getByText(OFFLINE_WORDS.notLoaded)).toBeVisible();
  await expect(proChat.getByText('I am on my way.')).toHaveCount(0);
  await expect(proChat.getByText(GATE)).toHaveCount(0);
  await expect(proChat.getByText(/No messages yet/)).toHaveCount(0);
});

test('a first visit offline with nothing kept says "Not loaded yet: no connection." and never counts zero', async ({
  page,
  request,
}) => {
  const pro = await createPaidAccount(request, { userType: 'professional', firstName: 'Yaw', lastName: 'Unread' });
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Akua', lastName: 'First' }));
  await bookFirstSlot(request, customer, pro.user.id);
  await refuseLocation(page);
  await useSession(page, customer);
  const context = page.context();
  await page.goto('/customer-dashboard');
  await workerServes(page);
  await expect(page.getByRole('tablist', { name: 'Customer dashboard' })).toBeVisible();
  // Only the dashboard's record was kept on this first visit: My Bookings was never seen.
  const forget = (ending: string) =>
    page.evaluate((end) => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('sc-kept:') && key.endsWith(end)) localStorage.removeItem(key);
    }, ending);
  await forget(':bookings');

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: /My Bookings/ }).click();
  const statuses = page.getByRole('tablist', { name: 'Filter bookings by status' });
  await expect(page.getByRole('tabpanel').getByText(OFFLINE_WORDS.notLoaded)).toBeVisible();
  await expect(statuses.getByRole('tab')).toHaveText(['All', 'Pending', 'Confirmed', 'Completed']);
  await expect(page.getByText(/\(0\)|No bookings/)).toHaveCount(0);
  await expect(page.getByText(NO_CONNECTION)).toHaveCount(0);
  await expect(page.getByText(/No connection/)).toHaveCount(1);
  expect(await overflows(page)).toEqual([]);
  await page
    .getByRole('heading', { name: 'My Bookings' })
    .evaluate((heading) => heading.scrollIntoView({ behavior: 'instant' }));
  await shot(page, 'bookings-not-loaded-360');

  // Nothing kept at all: the dashboard says the same, in place of its record.
  await forget('');
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Unable to Load Dashboard' });
  await expect(failed).toContainText(OFFLINE_WORDS.notLoaded);
  await expect(page.getByText(/\(0\)/)).toHaveCount(0);
  await expect(page.getByText(/No connection/)).toHaveCount(1);
  await expect(page.getByText(NO_CONNECTION)).toHaveCount(0);
  expect(await overflows(page)).toEqual([]);
  await shot(page, 'dashboard-not-loaded-360');
  await page.goto('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to Load Dashboard' })).toContainText(
    OFFLINE_WORDS.notLoaded,
  );
  await expect(page.getByText(/\(0\)/)).toHaveCount(0);

  // Back online: it all loads by itself, with the counts.
  await context.setOffline(false);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: /My Bookings/ }).click();
  await expect(statuses.getByRole('tab', { name: 'All (1)' })).toBeVisible();
});
