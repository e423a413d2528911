import { expect, test } from './fixtures/test.ts';
import { uniquePhone, uniqueTag } from './fixtures/accounts.ts';

/** Affiliate sign-up (docs/PRODUCT.md "Sign-up and referrals", "Affiliates, commission and payouts"): no payment, a referrer code, copy, dashboard. */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an affiliate signs up through a flaky connection, copies the referrer code and opens the dashboard', async ({
  page,
}) => {
  const email = `affiliate-${uniqueTag()}@example.com`;
  await page.goto('/affiliate-signup');
  await expect(page.getByRole('heading', { name: 'Commission structure' })).toBeVisible();
  await expect(page.getByText('₵4.00')).toBeVisible();
  await expect(page.getByText('₵10.80')).toBeVisible();
  await expect(page.getByText('₵250')).toBeVisible();

  const form = page.getByRole('form', { name: 'Your details' });
  const submit = form.getByRole('button', { name: 'Join Affiliate Program' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('First Name').fill('Yaw');
  await form.getByLabel('Last Name').fill('Asante');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill('12345');
  await form.getByLabel(/^Password/).fill('GoodPass123');
  await form.getByLabel('City').selectOption('Tamale');
  await form.getByRole('radio', { name: 'Mobile Money' }).check();
  // The number is not asked twice: the phone's is filled in, and can be changed.
  await expect(form.getByLabel('Mobile Money Number')).toHaveValue('12345');
  await form.getByLabel('Mobile Money Number').fill('0551234987');
  await expect(submit).toBeDisabled(); // terms not yet agreed
  await expect(form.getByRole('link', { name: 'Affiliate Terms' })).toHaveAttribute('href', '/affiliate-terms');
  await form.getByRole('checkbox', { name: /I agree to the Affiliate Terms/ }).check();
  await expect(submit).toBeEnabled();

  // The schema's checks, with the contract's words.
  await submit.click();
  const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
  await expect(alert).toHaveText('Please enter a valid Ghana phone number (e.g., 0241234567 or +233241234567)');
  await form.getByLabel('Phone Number').fill(uniquePhone());

  // Bank account instead: its details become required.
  await form.getByRole('radio', { name: 'Bank account' }).check();
  await expect(form.getByLabel('Mobile Money Number')).toBeHidden();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Bank Account Details').fill('GCB Bank, Tamale branch, Yaw Asante, 1234567890');
  await expect(submit).toBeEnabled();

  // The first two attempts lose the connection; the third (after 1 s, then 2 s) goes through.
  let attempts = 0;
  await page.route('**/api/affiliate-signup', async (route) => {
    attempts++;
    if (attempts <= 2) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await submit.click();

  const welcome = page.getByRole('heading', { name: 'Welcome to the Affiliate Program, Yaw!' });
  await expect(welcome).toBeVisible({ timeout: 15_000 });
  expect(attempts).toBe(3);
  await expect(welcome).toBeFocused();
  const code = (await page.locator('.wizard-code code').textContent())!.trim();
  expect(code).toMatch(/^SEAFF[A-Z0-9]+$/);
  expect(code).not.toBe('SEAFF0000');
  await expect(page.getByRole('link', { name: new RegExp(`/signup\\?ref=${code}$`) })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Share your code/ })).toBeVisible();
  await expect(page.locator('.wizard-done ol > li')).toHaveCount(4);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible(); // back after 2 s
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await page.getByRole('link', { name: 'Go to Affiliate Dashboard' }).click();
  await page.waitForURL('**/affiliate-dashboard');
  await expect(page.getByText(/Yaw/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}')).toMatchObject({
    email,
    userType: 'affiliate',
  });

  // Someone follows the affiliate's link: the code travels with their sign-up.
  const friend = await page.context().newPage();
  await friend.goto(`/signup?ref=${code}`);
  await friend.getByRole('radio', { name: /^Customer/ }).check();
  await friend.getByRole('button', { name: 'Continue' }).click();
  await friend.getByLabel('First Name').fill('Kofi');
  await friend.getByLabel('Last Name').fill('Boateng');
  await friend.getByLabel('Email Address').fill(`referred-${uniqueTag()}@example.com`);
  await friend.getByLabel('Phone Number').fill(uniquePhone());
  await friend.getByLabel(/^Password/).fill('GoodPass123');
  await friend.getByLabel('Confirm Password').fill('GoodPass123');
  await friend.getByRole('button', { name: 'Continue' }).click();
  await friend.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  const signup = friend.waitForRequest('**/api/signup');
  await friend.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  expect((await signup).postDataJSON()).toMatchObject({ referrerCode: code });
  await expect(friend.getByRole('dialog', { name: 'Sandbox checkout' })).toBeVisible();
});

test('the affiliate form reports the server by status and gives up after 3 network failures', async ({
  page,
  pageErrors,
}) => {
  for (const status of [500, 404, 503])
    pageErrors.allowFailedLoad(status, '/api/affiliate-signup', 'this test makes the server answer each status');
  await page.goto('/affiliate-signup');
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('First Name').fill('Abena');
  await form.getByLabel('Last Name').fill('Owusu');
  await form.getByLabel('Email Address').fill(`affiliate-${uniqueTag()}@example.com`);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel(/^Password/).fill('GoodPass123');
  await form.getByLabel('City').selectOption('Ho');
  await form.getByRole('radio', { name: 'Mobile Money' }).check();
  await form.getByLabel('Mobile Money Number').fill('0241234567');
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  const submit = form.getByRole('button', { name: /Join Affiliate Program|Creating account/ });
  const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();

  await page.route('**/api/affiliate-signup', (route) =>
    route.fulfill({ status: 500, json: { success: false, code: 'server_error', message: 'boom' } }),
  );
  await submit.click();
  await expect(alert).toHaveText('Server error occurred during signup. Please try again in a few moments.');
  await expect(alert).toBeFocused();

  await page.unroute('**/api/affiliate-signup');
  await page.route('**/api/affiliate-signup', (route) =>
    route.fulfill({ status: 404, json: { success: false, code: 'not_found' } }),
  );
  await submit.click();
  await expect(alert).toContainText(
    'API endpoint not found. The affiliate signup service may be temporarily unavailable',
  );

  await page.unroute('**/api/affiliate-signup');
  await page.route('**/api/affiliate-signup', (route) =>
    route.fulfill({ status: 503, json: { success: false, code: 'unavailable', message: 'Down for maintenance' } }),
  );
  await submit.click();
  await expect(alert).toHaveText('Signup failed (503): Down for maintenance. Please try again.');

  await page.unroute('**/api/affiliate-signup');
  await page.route('**/api/affiliate-signup', (route) => route.abort('internetdisconnected'));
  await submit.click();
  await expect(submit).toHaveText('Creating account...');
  await expect(submit).toBeDisabled();
  await expect(alert).toHaveText(
    'Network error after 3 attempts. Please check your internet connection and try again.',
    { timeout: 15_000 },
  );
  await expect(form.getByLabel('First Name')).toHaveValue('Abena');
  await expect(form.getByLabel('Mobile Money Number')).toHaveValue('0241234567');
});
