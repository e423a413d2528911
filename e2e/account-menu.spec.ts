import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// docs/PRODUCT.md "Dashboards": every role's dashboard has the customer's account menu (its places,
// the general screen, Sign out), and the administrator's sign-in has no public header links.

test.use({ viewport: PHONE });

/** Opens the account menu and checks what it offers, inside the phone's screen. */
async function openMenu(page: Page, name: string, entries: string[]) {
  await page.getByRole('button', { name: `${name} account menu` }).click();
  const list = page.getByRole('list').filter({ has: page.getByRole('button', { name: 'Sign out' }) });
  await expect(list.getByRole('listitem')).toHaveText(entries);
  for (const box of await list
    .getByRole('listitem')
    .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON()))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await overflows(page)).toEqual([]);
}

test('the professional has the account menu: Profile, Job Requests, Analytics, General dashboard, Sign out', async ({
  page,
  request,
}) => {
  const pro = await createPaidAccount(request, { firstName: 'Kwame', userType: 'professional', profession: 'Plumber' });
  await useSession(page, await login(request, pro));
  await page.goto('/professional-dashboard');
  await openMenu(page, 'Kwame', ['Profile', 'Job Requests', 'Analytics', 'General dashboard', 'Sign out']);
  await shot(page, 'account-menu-professional', { fullPage: false });
  await page.getByRole('button', { name: 'Job Requests' }).click();
  await expect(page.getByRole('tab', { name: /Job Requests/ })).toHaveAttribute('aria-selected', 'true');
  await openMenu(page, 'Kwame', ['Profile', 'Job Requests', 'Analytics', 'General dashboard', 'Sign out']);
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await openMenu(page, 'Kwame', ['Profile', 'Job Requests', 'Analytics', 'General dashboard', 'Sign out']);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the affiliate has the account menu: Profile, Earnings, General dashboard, Sign out', async ({
  page,
  request,
}) => {
  const affiliate = await signUpAffiliate(request, 'Esi');
  await useSession(page, affiliate);
  await page.goto('/affiliate-dashboard');
  await openMenu(page, 'Esi', ['Profile', 'Earnings', 'General dashboard', 'Sign out']);
  await shot(page, 'account-menu-affiliate', { fullPage: false });
  await page.getByRole('button', { name: 'Earnings' }).click();
  await expect(page.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  await openMenu(page, 'Esi', ['Profile', 'Earnings', 'General dashboard', 'Sign out']);
  await page.getByRole('link', { name: 'General dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the administrator’s sign-in has no Sign In or Get Started in its header', async ({ page }) => {
  for (const path of ['/admin/login', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  }
  await shot(page, 'admin-login', { fullPage: false });
});
