import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { OFFLINE_WORDS } from '../contract/connection.ts';
import { createPaidAccount, useSession } from './fixtures/accounts.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// Route guards (docs/PRODUCT.md "Roles and pages").

/** Signs in through the API and puts the session where the site keeps it (docs/PRODUCT.md "Signing in and sessions"). */
async function signInAs(
  page: Page,
  request: APIRequestContext,
  userType: 'customer' | 'professional' | 'affiliate' = 'customer',
) {
  const account = await createPaidAccount(request, { userType: userType === 'affiliate' ? 'customer' : userType });
  const response = await request.post('/api/auth/login', {
    data: { loginMethod: 'email', email: account.email, password: account.password, accountType: userType },
  });
  expect(response.ok()).toBe(true);
  const login = (await response.json()) as LoginResponse;
  await page.goto('/');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('userData', JSON.stringify(user));
  }, login);
  return { account, login };
}

test('without a session every dashboard sends the visitor to /signin, replacing history', async ({ page }) => {
  for (const path of ['/dashboard', '/customer-dashboard', '/professional-dashboard', '/affiliate-dashboard']) {
    await page.goto('/');
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin$/);
    // Replaced, not pushed: Back returns to the page before the dashboard.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a customer opening another type’s dashboard is sent to their own; /dashboard accepts anyone signed in', async ({
  page,
  request,
}) => {
  const { account } = await signInAs(page, request, 'customer');
  await page.goto('/professional-dashboard');
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();

  await page.goto('/affiliate-dashboard');
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`(${account.email}) — customer account`)).toBeVisible();
});

test('a stored token the server refuses is cleared and the visitor goes to /signin', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/auth/verify', 'the stored token this test spoils is refused');
  const { login } = await signInAs(page, request, 'customer');
  await page.evaluate(() => localStorage.setItem('authToken', 'not-a-valid-token-at-all'));
  await page.goto('/customer-dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('userData')])).toEqual([
    null,
    null,
  ]);
  expect(login.user.userType).toBe('customer');
});

test('the dashboard data load: spinner, "Unable to Load Dashboard" when unreachable, then Try Again', async ({
  page,
  request,
}) => {
  await signInAs(page, request, 'customer');
  await page.route('**/api/customer-data/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/customer-dashboard');
  const panel = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'Unable to Load Dashboard' }) });
  // The query retries twice (1 s, then 2 s) before giving up.
  await expect(panel).toContainText(OFFLINE_WORDS.notLoaded, { timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Sign In Again' })).toBeVisible();

  await page.unroute('**/api/customer-data/**');
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('tablist', { name: 'Customer dashboard' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('a session ended elsewhere keeps the page and what was typed, says so, and leaves for /signin only when asked', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/events/ticket', 'the live stream asks again and is refused: the session ended');
  pageErrors.allowFailedLoad(401, '/api/auth/verify', 'the page checks its session, which the server refuses');
  pageErrors.allowFailedLoad(401, '/api/profile', 'the Save this test taps after the session ended');
  const { login } = await signInAs(page, request, 'customer');
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  await profile.getByLabel('First name').fill('Typed Before');

  // Signed out on another device (the password reset and a suspension end it the same way).
  const out = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${login.token}` } });
  expect(out.ok()).toBe(true);
  const ended = page.getByRole('alert', { name: 'Session ended' });
  await expect(ended).toContainText('Your session has ended. Please sign in again.');
  await expect(ended).toContainText('What you typed is still on this page');
  await expect(page).toHaveURL(/\/customer-dashboard\?tab=profile$/);
  await expect(profile.getByLabel('First name')).toHaveValue('Typed Before');
  await page.setViewportSize(PHONE);
  expect(await overflows(page)).toEqual([]); // the notice fits a 360 px phone

  // Saving cannot work now, and says why; the text stays.
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByRole('alert')).toHaveText('Your session has ended. Please sign in again.');
  await expect(profile.getByLabel('First name')).toHaveValue('Typed Before');

  await ended.getByRole('button', { name: 'Sign In Again' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('the home-screen icon (the manifest’s start URL) opens each person’s own dashboard, and /signin when signed out', async ({
  page,
  request,
}) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { start_url: string };
  await page.goto('/');
  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(/\/signin$/);
  // Replaced, not pushed: Back leaves the app's start page behind.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  for (const [userType, heading] of [
    ['affiliate', 'Affiliate Dashboard'],
    ['professional', 'Professional Dashboard'],
    ['customer', 'Customer Dashboard'],
  ] as const) {
    if (userType === 'affiliate') await useSession(page, await signUpAffiliate(request));
    else await signInAs(page, request, userType);
    await page.goto(manifest.start_url);
    await expect(page).toHaveURL(new RegExp(`/${userType}-dashboard$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.setViewportSize(PHONE);
  await shot(page, 'home-screen-start-customer');
  // /dashboard stays the general screen.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
