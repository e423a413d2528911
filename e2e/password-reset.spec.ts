import { expect, test } from './fixtures/test.ts';
import { FORGOT_PASSWORD_ANSWER } from '../contract/accounts.ts';
import { createPaidAccount } from './fixtures/accounts.ts';

// Password reset through the pages: /forgot-password → the dev mailbox (the development
// notifier's outbox, shown while diagnostics are on) → /reset-password → sign in again.

test('a customer resets a forgotten password and signs in with the new one', async ({ page, request, pageErrors }) => {
  pageErrors.allowFailedLoad(401, '/api/auth/login', 'the old password, tried after the reset, is refused');
  pageErrors.allowFailedLoad(400, '/api/auth/reset-password', 'the used link, tried again, is refused');
  const account = await createPaidAccount(request, { firstName: 'Esi' });
  const newPassword = 'N3w-passw0rd-e2e';

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(FORGOT_PASSWORD_ANSWER);

  await page.getByRole('link', { name: 'dev mailbox' }).click();
  await expect(page).toHaveURL(/\/dev-mailbox$/);
  // The account's payment receipt is in the mailbox too.
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To ${account.email}` })
    .filter({ hasText: 'Reset your password' });
  await expect(mail).toHaveCount(1);
  await mail.getByRole('link', { name: /\/reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const resetUrl = page.url();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match. Please try again.' })).toBeVisible();
  await expect(page.getByLabel('Confirm new password')).toBeFocused();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with your new password' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByText(`Signed in as Esi Tester (${account.email})`)).toBeVisible();

  // The link works once.
  await page.goto(resetUrl);
  await page.getByLabel('New password', { exact: true }).fill('An0ther-passw0rd');
  await page.getByLabel('Confirm new password').fill('An0ther-passw0rd');
  await page.getByRole('button', { name: 'Set new password' }).click();
  const refused = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'This link cannot be used' }) });
  await expect(refused).toContainText('This reset link is invalid or has expired.');
  await expect(refused.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('the same answer for an unknown account, and a reset link without a token', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('Phone number').fill('0200000001');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(FORGOT_PASSWORD_ANSWER);

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('This reset link is incomplete.');
});
