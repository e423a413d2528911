import type { BrowserContext } from '@playwright/test';
import { OFFLINE_WORDS } from '../contract/connection.ts';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import {
  failedParts,
  findProfessional,
  newProfessional,
  professionalWithRequest,
  uniqueSurname,
} from './fixtures/parts.ts';
import { PHONE, refuseLocation } from './fixtures/phone.ts';

// Parts offline, on a 360 px phone for every role: the connection drops, and each part of a
// dashboard whose code has not downloaded yet (a tab, a dialog, the chat, the photo cards,
// analytics) says so in its own place while the rest of the page goes on working; back online,
// it loads by itself. The service worker is blocked here: it would serve the parts from its cache
// (e2e/offline-app.spec.ts tests that).

test.use({ viewport: PHONE, serviceWorkers: 'block' });

const FAILED_OFFLINE = OFFLINE_WORDS.notLoaded;

/** The "could not load" panels inside `scope`. */

/** The dashboard's chunks the test cuts off (a connection that drops as they download), by file name. */
async function cutOff(context: BrowserContext, parts: string[]): Promise<() => Promise<void>> {
  // A retry asks for a module under `?attempt=N` (ui/part-loader.ts): the same file, cut off too.
  const files = new RegExp(`/_astro/(?:${parts.join('|')})\\.[\\w-]+\\.js(?:\\?attempt=\\d+)?$`);
  const abort = (route: { abort: (code: string) => Promise<void> }) => route.abort('internetdisconnected');
  await context.route(files, abort);
  return () => context.unroute(files, abort);
}

/** The browser's `online` event, as when the signal comes back. */
async function backOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.setOffline(false);
}

test('customer: offline, Book, My Bookings, Profile and the chat each say so in their place; the dashboard goes on; back online they load', async ({
  page,
  request,
}) => {
  const { customer, surname, proName } = await professionalWithRequest(request, {
    professional: 'Kojo',
    customer: 'Ama',
    profession: 'Plumber',
    surname: 'Parts',
  });
  await useSession(page, customer);
  await refuseLocation(page);
  const context = page.context();

  await page.goto('/customer-dashboard');
  const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
  const card = await findProfessional(page, surname, proName);

  // --- Offline, the booking dialog: it says so in a dialog of its own, where the person looks.
  await context.setOffline(true);
  await card.getByRole('button', { name: `Book Appointment with ${proName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${proName}` });
  await expect(failedParts(dialog)).toHaveText(new RegExp(FAILED_OFFLINE));
  const tryAgain = dialog.getByRole('button', { name: 'Try Again' });
  // A real button, big enough for a thumb.
  expect(await tryAgain.evaluate((el) => el.tagName)).toBe('BUTTON');
  const box = (await tryAgain.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await tryAgain.click();
  await expect(failedParts(dialog)).toHaveText(new RegExp(FAILED_OFFLINE));
  // Back online, the dialog draws by itself.
  await context.setOffline(false);
  await expect(dialog.getByRole('button', { name: 'Confirm Booking' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // --- Offline, the tabs not yet opened; the rest of the dashboard keeps working.
  await context.setOffline(true);
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await expect(failedParts(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: /account menu/ }).click();
  await tabs.getByRole('tab', { name: 'Profile' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  await context.setOffline(false);
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(failedParts(page)).toHaveCount(0);

  // --- The chat of a booking on screen, offline; back online it opens by itself.
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  const booking = page.getByRole('article', { name: `Plumber with ${proName}` });
  await expect(booking).toBeVisible();
  await context.setOffline(true);
  await booking.getByRole('button', { name: 'Message' }).click();
  await expect(failedParts(booking)).toHaveText(new RegExp(FAILED_OFFLINE));
  await context.setOffline(false);
  await expect(booking.getByRole('region', { name: `Chat with ${proName}` })).toBeVisible();
  await expect(failedParts(page)).toHaveCount(0);
});

test('customer: the dashboard itself and its subscription card, cut off as they download, fail alone and load when the signal returns', async ({
  page,
  request,
}) => {
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Esi', lastName: 'Dropped' }));
  await useSession(page, customer);
  const context = page.context();

  // The dashboard's own code never arrives: the page's header stays, the panel is where the dashboard goes.
  const restore = await cutOff(context, ['CustomerDashboard', 'SubscriptionCard']);
  await page.goto('/customer-dashboard');
  await expect(failedParts(page)).toHaveCount(1);
  await expect(failedParts(page)).toContainText('This part could not load');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' })).toBeVisible();

  // The signal returns for the dashboard, not yet for the subscription card: the card fails alone.
  await restore();
  const restoreCard = await cutOff(context, ['SubscriptionCard']);
  await backOnline(context);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expect(failedParts(page)).toHaveCount(1);
  await expect(page.getByText('0 Services Used')).toBeVisible();
  await restoreCard();
  await backOnline(context);
  await expect(failedParts(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your subscription' })).toBeVisible();
});

test('professional: offline, Job Requests chat, Schedule, Earnings, the profile cards and Analytics each say so in place; back online they load', async ({
  page,
  request,
}) => {
  const { pro, customerName } = await professionalWithRequest(request, {
    professional: 'Yaw',
    customer: 'Adwoa',
    profession: 'Electrician',
    surname: 'Pro',
  });
  await useSession(page, await login(request, pro));
  const context = page.context();

  await page.goto('/professional-dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await tabs.getByRole('tab', { name: 'Job Requests' }).click();
  const job = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: customerName }) });
  await expect(job).toBeVisible();

  await context.setOffline(true);
  await job.getByRole('button', { name: /^Message/ }).click();
  await expect(failedParts(job)).toHaveText(new RegExp(FAILED_OFFLINE));
  for (const tab of ['Schedule', 'Earnings']) {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  }
  // The profile tab: its details, work photos and verification cards each fail alone; the photo
  // card and Download my data, which came with the dashboard, are there and work.
  await tabs.getByRole('tab', { name: 'Profile' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveCount(3);
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Add photo' })).toBeEnabled();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /Download my data/i })).toBeEnabled();
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await expect(failedParts(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Professional Dashboard' })).toBeVisible();

  // Back online: the open tab's cards load by themselves, the others when opened.
  await tabs.getByRole('tab', { name: 'Profile' }).click();
  await expect(failedParts(page)).toHaveCount(3);
  await context.setOffline(false);
  await expect(failedParts(page)).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /Edit Profile/ })).toBeVisible();
  for (const tab of ['Schedule', 'Earnings']) {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
    await expect(failedParts(page)).toHaveCount(0);
  }
  await tabs.getByRole('tab', { name: 'Job Requests' }).click();
  await job.getByRole('button', { name: /^Message/ }).click();
  await expect(job.getByRole('region', { name: `Chat with ${customerName}` })).toBeVisible();

  // The general dashboard's Analytics.
  await page.goto('/dashboard');
  const general = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(general.getByRole('tab', { name: 'Analytics' })).toBeVisible();
  await context.setOffline(true);
  await general.getByRole('tab', { name: 'Analytics' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  await general.getByRole('tab', { name: 'Overview' }).click();
  await expect(failedParts(page)).toHaveCount(0);
  await general.getByRole('tab', { name: 'Analytics' }).click();
  await context.setOffline(false);
  // Analytics of a professional with no job answered yet.
  await expect(page.getByRole('tabpanel')).toContainText('No jobs yet');
  await expect(failedParts(page)).toHaveCount(0);
});

test('affiliate: offline, Earnings and Profile each say so in place; Overview works; back online they load', async ({
  page,
  request,
}) => {
  const affiliate = await signUpAffiliate(request, 'Efua', uniqueSurname('Aff'));
  await useSession(page, affiliate);
  const context = page.context();
  await page.goto('/affiliate-dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(tabs).toBeVisible();

  await context.setOffline(true);
  await tabs.getByRole('tab', { name: 'Earnings' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await expect(failedParts(page)).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Profile' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Earnings' }).click();
  await expect(page.getByRole('list', { name: 'Your earnings' })).toBeVisible();
  await expect(failedParts(page)).toHaveCount(0);
});

test('admin: the console cut off as it downloads, then Settings, the user dialog and its Verification tab offline, each fail alone and load back online', async ({
  page,
  request,
}) => {
  const { pro, proName: name } = await newProfessional(request, {
    professional: 'Kwame',
    profession: 'Painter',
    surname: 'Adm',
  });
  const context = page.context();

  await signInAdmin(page);
  const restore = await cutOff(context, ['AdminConsole']);
  await page.reload();
  await expect(failedParts(page)).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await restore();
  await backOnline(context);
  const sections = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(sections).toBeVisible();
  // A fresh page for the parts below: the console came back under a new address, and Chromium 150
  // refuses for the page's life the address that failed, which the user dialog imports too (a known
  // limit, ARCHITECTURE.md "Browser": there, Reload Page brings it).
  await page.reload();
  await expect(sections).toBeVisible();

  await sections.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(pro.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const open = page.getByRole('button', { name, exact: true });
  await expect(open).toBeVisible();

  await context.setOffline(true);
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'User profile' });
  await expect(failedParts(dialog)).toHaveText(new RegExp(FAILED_OFFLINE));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await sections.getByRole('tab', { name: 'Settings' }).click();
  await expect(failedParts(page.getByRole('tabpanel'))).toHaveText(new RegExp(FAILED_OFFLINE));
  await sections.getByRole('tab', { name: 'Overview' }).click();
  await expect(failedParts(page)).toHaveCount(0);
  await sections.getByRole('tab', { name: 'Settings' }).click();
  await context.setOffline(false);
  await expect(failedParts(page)).toHaveCount(0);

  // The user dialog opens online; its Verification tab is cut off, then loads by itself.
  await sections.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await open.click();
  const profile = page.getByRole('dialog', { name });
  await expect(profile.getByRole('tab', { name: 'Verification' })).toBeVisible();
  await context.setOffline(true);
  await profile.getByRole('tab', { name: 'Verification' }).click();
  await expect(failedParts(profile)).toHaveText(new RegExp(FAILED_OFFLINE));
  await context.setOffline(false);
  await expect(failedParts(profile)).toHaveCount(0);
});
