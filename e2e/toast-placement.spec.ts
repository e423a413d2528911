import { expect, test } from './fixtures/test.ts';
import { createPaidAccount } from './fixtures/accounts.ts';
import { coveredByToast, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// docs/PRODUCT.md "Plain words": the toasts stay, but no toast lies over
// the form it is about or the dashboard's tabs, on a phone or on a wide screen. What counts as
// covered: `coveredByToast` in fixtures/phone.ts (the screen as the person sees it).

const SCREENS = [
  { name: 'on a 360 px phone', use: { viewport: PHONE, isMobile: true, hasTouch: true } },
  { name: 'on a wide screen', use: { viewport: { width: 1280, height: 800 } } },
];

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('“Login Failed” covers none of the sign-in form', async ({ page, request, pageErrors }) => {
      pageErrors.allowFailedLoad(401, '/api/auth/login', 'the wrong password this test types is refused');
      const account = await createPaidAccount(request);
      await page.goto('/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill('not-my-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Login Failed' });
      await expect(toast).toBeVisible();
      await shot(page, `toast-signin-${screen.use.viewport.width}`, { fullPage: false });
      expect(await coveredByToast(page.getByRole('form', { name: 'Sign in' }))).toEqual([]);
    });

    test('“Login Successful” covers none of the dashboard’s tabs', async ({ page, request }) => {
      const account = await createPaidAccount(request, { firstName: 'Akosua' });
      await page.goto('/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
      await expect(tabs).toBeVisible();
      await shot(page, `toast-dashboard-${screen.use.viewport.width}`, { fullPage: false });
      expect(await coveredByToast(tabs)).toEqual([]);
    });
  });
}
