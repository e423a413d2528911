import { expect, test } from './fixtures/test.ts';
import { NO_CONNECTION } from '../contract/connection.ts';
import type { Page } from '@playwright/test';
import { SIGNIN_CODE_MESSAGES } from '../contract/signin-codes.ts';
import { allowUnpaidSignIn, createPaidAccount, createPendingAccount } from './fixtures/accounts.ts';
import { coveredByToast, overflows, PHONE, smallTargets } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// Sign-in journeys (docs/PRODUCT.md "Signing in and sessions": sign-in page, Login, sign-in toasts) against the real server
// with the sandbox payment provider. Accounts are made through the API (fixtures/accounts.ts).

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

test('a customer signs in by phone, lands on the customer dashboard, and signs out', async ({ page, request }) => {
  const account = await createPaidAccount(request, { firstName: 'Abena', lastName: 'Phone' });
  // No hydration, CSP or script error on the way: the `test` of fixtures/test.ts fails on any.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.getByRole('radio', { name: 'Customer' }).check();
  await page.getByRole('radio', { name: 'Phone' }).check();
  const phone = page.getByLabel('Phone number');
  await expect(phone).toHaveAttribute('type', 'tel');
  await phone.fill(account.phone);

  const password = page.getByLabel('Password', { exact: true });
  await password.fill(account.password);
  const reveal = page.getByRole('button', { name: 'Show password' });
  await expect(reveal).toHaveAttribute('aria-pressed', 'false');
  await reveal.click();
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as Abena Phone (${account.email}) — customer account`)).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Customer dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toContainText('Welcome, Abena!'); // her first sign-in (docs/PRODUCT.md "Welcome")
  await expect(page.getByRole('heading', { name: 'Account Type Auto-Corrected' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Abena account menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('userData')])).toEqual([
    null,
    null,
  ]);
  // The token is revoked on the server too.
  await page.goto('/customer-dashboard');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a wrong password shows the "Login Failed" toast and the same words by the form, and keeps the user on /signin', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/auth/login', 'the wrong password this test types is refused');
  const account = await createPaidAccount(request);
  await page.goto('/signin');

  // Nothing typed: the shared loginSchema stops the submit before any request.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter your email or phone and your password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Login Failed')).toContainText('The email or phone number and password do not match.');
  // By the form too (a toast over the button is easy to miss on a phone): the password is focused
  // and its description is the problem, so a screen reader reads it with the field.
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText(
    /do not match\. Check them and try again, or use “Forgot password\?”/,
  );
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/do not match/);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();

  // Offline: plain words by the form, never "Failed to fetch".
  await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(NO_CONNECTION);
  await expect(page.getByText(/failed to fetch/i)).toHaveCount(0);
});

test('the server’s account type wins: a professional picking Customer gets the auto-corrected notice', async ({
  page,
  request,
}) => {
  const account = await createPaidAccount(request, { userType: 'professional', firstName: 'Kojo', lastName: 'Sparks' });
  await page.goto('/signin');
  await page.getByRole('radio', { name: 'Customer' }).check();
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/professional-dashboard$/);
  const notice = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: 'Account Type Auto-Corrected' }) });
  await expect(notice).toContainText(
    'You chose Customer, but this is a professional account: you are signed in as a professional.',
  );
  await expect(page.getByText('— professional account')).toBeVisible();

  // Back on /signin while signed in: an offer to continue, not a silent redirect; remember me
  // filled in the email.
  await page.goto('/signin');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await page.getByRole('link', { name: 'Continue to your dashboard' }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
});

test('the page’s other elements: mobile money explained, links to reset and sign-up', async ({ page }) => {
  await page.goto('/signin');
  const momo = page.getByRole('button', { name: 'Sign in with Mobile Money' });
  await expect(momo).toHaveAccessibleDescription(
    'No password needed: we text a code to the phone number you pay with.',
  );
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  await page.getByRole('radio', { name: 'Phone' }).check();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Email' }).check();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
});

// docs/PRODUCT.md "Signing in with a texted code": the account's number, the code from the text
// (read on the phone: here the dev mailbox), and the dashboard a password sign-in opens.
test('a professional signs in with Mobile Money: a code texted to the account phone opens the dashboard', async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/auth/code/sign-in', 'the wrong code this test types first');
  await page.setViewportSize(PHONE);
  const account = await createPaidAccount(request, {
    firstName: 'Kojo',
    lastName: 'Code',
    userType: 'professional',
    profession: 'Plumber',
    localAddress: 'Osu',
  });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Mobile Money' }).click();
  const ask = page.getByRole('form', { name: 'Sign in with Mobile Money' });
  await expect(ask.getByLabel('Your mobile money number')).toBeFocused();
  await ask.getByLabel('Your mobile money number').fill(account.phone);
  await ask.getByRole('button', { name: 'Text me a code' }).click();
  const typeCode = page.getByRole('form', { name: 'Type the code' });
  await expect(typeCode.getByRole('status')).toHaveText(SIGNIN_CODE_MESSAGES.sent);
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await shot(page, 'signin-code-step');

  // The phone: the text in the dev mailbox.
  const mailbox = await context.newPage();
  await mailbox.goto('/dev-mailbox');
  const sms = mailbox
    .getByRole('list', { name: 'Messages, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `SMS · To +233${account.phone.slice(1)}` });
  await expect(sms).toContainText('is your sign-in code');
  const code = /(\d{6}) is your sign-in code/.exec((await sms.textContent()) ?? '')![1];
  await mailbox.close();

  // A wrong code gets "Login Failed" and plain words (docs/PRODUCT.md "Plain words"); the right one opens the dashboard.
  await typeCode.getByLabel('Code from the text message').fill(code === '000000' ? '111111' : '000000');
  await typeCode.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(typeCode.getByRole('alert')).toHaveText(SIGNIN_CODE_MESSAGES.wrongCode);
  await expect(toast(page, 'Login Failed')).toContainText(SIGNIN_CODE_MESSAGES.wrongCode);
  await shot(page, 'signin-code-wrong', { fullPage: false });
  expect(await coveredByToast(typeCode)).toEqual([]);
  await typeCode.getByLabel('Code from the text message').fill(code);
  await typeCode.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(page.getByText(`Signed in as Kojo Code (${account.email}) — professional account`)).toBeVisible();
});

test('Sign in with Mobile Money without a connection says "Login Error"', async ({ page, context }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Mobile Money' }).click();
  const ask = page.getByRole('form', { name: 'Sign in with Mobile Money' });
  await ask.getByLabel('Your mobile money number').fill('0241234567');
  await context.setOffline(true);
  await ask.getByRole('button', { name: 'Text me a code' }).click();
  await expect(toast(page, 'Login Error')).toContainText('Unable to connect to server. Please try again.');
  await context.setOffline(false);
});

test('an unpaid account is offered the payment and is signed in once it pays (sandbox)', async ({
  page,
  request,
  pageErrors,
}) => {
  allowUnpaidSignIn(pageErrors);
  const account = await createPendingAccount(request, { firstName: 'Yaa' });
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  const panel = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment required' }) });
  await expect(panel).toContainText('Complete payment to sign in.');

  // Closing the checkout leaves the offer open; the second try gets a fresh reference.
  await panel.getByRole('button', { name: 'Complete Payment' }).click();
  let checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toContainText('Payment was cancelled');

  await panel.getByRole('button', { name: 'Complete Payment' }).click();
  checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('TEST MODE');
  await checkout.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByText(`Signed in as Yaa Pending (${account.email}) — customer account`)).toBeVisible();
  // Signed in by the payment's auto-login: the email is kept for next time (docs/PRODUCT.md "Signing in and sessions").
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(account.email);
});

test('/login-debug tries logins without signing anyone in', async ({ page, request, pageErrors }) => {
  // Refused logins show up as failed resources; anything else (CSP, hydration) is a bug.
  pageErrors.allowFailedLoad(401, '/api/auth/login', 'the demo customers this test tries do not exist here');
  const account = await createPaidAccount(request, { firstName: 'Debby' });
  await page.goto('/login-debug');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Login Debug Tool' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Test Single Login' }).click();
  const results = page.getByRole('list', { name: 'Results, newest first' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('SUCCESS');
  await expect(results.first()).toContainText(account.email);
  await expect(results.first()).toContainText('Status200');
  await expect(results.first()).toContainText('User typecustomer');
  await expect(results.first()).toContainText('First nameDebby');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // No demo data in this database: the five demo customers are refused, newest first.
  await page.getByRole('button', { name: 'Test All Customers' }).click();
  await expect(results).toHaveCount(6, { timeout: 15_000 });
  await expect(results.first()).toContainText('customer5@demo.example.com');
  await expect(results.first()).toContainText('FAILED');
  await expect(results.first()).toContainText('Status401');
  await expect(results.nth(4)).toContainText('customer1@demo.example.com');

  await page.getByRole('button', { name: 'Clear Results' }).click();
  await expect(results).toHaveCount(0);
});
