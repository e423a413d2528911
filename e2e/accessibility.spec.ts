import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import { allowGonePage, pageReady, sitePages } from './fixtures/pages.ts';
import { seriousViolations } from './fixtures/axe.ts';

// Axe-core on every page and every dashboard tab, signed in as each
// role: no serious or critical violation (WCAG 2.1 A and AA rules).
const GUARDED = [
  '/customer-dashboard',
  '/professional-dashboard',
  '/affiliate-dashboard',
  '/dashboard',
  '/admin/dashboard',
  // Sends the visitor on at once (to /signin when signed out, which is checked as itself).
  '/app',
];

for (const path of sitePages().filter((p) => !GUARDED.includes(p))) {
  test(`${path} has no serious accessibility violation`, async ({ page, pageErrors }) => {
    allowGonePage(pageErrors, path);
    await page.goto(path);
    await pageReady(page, { loaded: path !== '/app-shell-test' });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('sign-in with Mobile Money, both steps', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Mobile Money' }).click();
  const ask = page.getByRole('form', { name: 'Sign in with Mobile Money' });
  await expect(ask).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await ask.getByLabel('Your mobile money number').fill('0209999999');
  await ask.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('form', { name: 'Type the code' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** Opens each tab of the dashboard's first tab list in turn and checks the page with each open. */
async function checkEveryTab(page: Page, path: string) {
  await page.goto(path);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThan(1);
  const problems: string[] = [];
  for (const name of names) {
    await tabs.filter({ hasText: name }).first().click();
    await expect(tabs.filter({ hasText: name }).first()).toHaveAttribute('aria-selected', 'true');
    await pageReady(page);
    for (const violation of await seriousViolations(page)) problems.push(`${name.trim()}: ${violation}`);
  }
  expect(problems).toEqual([]);
}

test('customer dashboard, every tab', async ({ page, request }) => {
  const account = await createPaidAccount(request);
  await useSession(page, await login(request, account));
  await checkEveryTab(page, '/customer-dashboard');
});

test('professional dashboard, every tab', async ({ page, request }) => {
  const account = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Plumber',
    baseRate: 40,
    maxRate: 60,
  });
  await useSession(page, await login(request, account));
  await checkEveryTab(page, '/professional-dashboard');
});

test('affiliate dashboard, every tab', async ({ page, request }) => {
  await useSession(page, await signUpAffiliate(request, 'Esi', 'Access'));
  await checkEveryTab(page, '/affiliate-dashboard');
});

test('general dashboard, every tab', async ({ page, request }) => {
  const account = await createPaidAccount(request);
  await useSession(page, await login(request, account));
  await checkEveryTab(page, '/dashboard');
});

test('administrator console, every tab and the user dialog', async ({ page, request }) => {
  const customer = await createPaidAccount(request, { firstName: 'Ama', lastName: 'Axe' });
  await signInAdmin(page);
  await checkEveryTab(page, '/admin/dashboard');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('row', { name: /Ama Axe/ })
    .getByRole('button', { name: 'Ama Axe', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ama Axe' });
  const problems: string[] = [];
  for (const name of await dialog.getByRole('tab').allInnerTexts()) {
    await dialog.getByRole('tab', { name }).click();
    await expect(dialog.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await pageReady(page);
    for (const violation of await seriousViolations(page)) problems.push(`dialog ${name}: ${violation}`);
  }
  expect(problems).toEqual([]);
});
