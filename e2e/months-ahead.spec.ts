import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { addMonths, longDate } from '../contract/dates.ts';
import type { SubscriptionSummary } from '../contract/subscriptions.ts';
import {
  allowUnpaidSignIn,
  createPaidAccount,
  createPendingAccount,
  login,
  uniquePhone,
  uniqueTag,
  useSession,
} from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { serverNow } from './fixtures/clock.ts';

// docs/PRODUCT.md "Paying months ahead": the dashboards' renewal,
// the sign-up wizard and the sign-in page's unpaid-account panel offer 1, 3, 6 or 12 months, each
// with its price; settling extends the paid period by the months bought. Prices are the defaults
// (no discount): the admin specs that change settings put them back.

async function paidUntil(request: APIRequestContext, session: LoginResponse): Promise<string> {
  const type = session.user.userType;
  const response = await request.get(`/api/${type}-data/${encodeURIComponent(session.user.email)}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Record<string, { subscription: SubscriptionSummary }>)[type]!.subscription
    .paidUntil;
}

/** The session the page signed in with. */
const signedIn = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('userData') ?? '{}'),
  })) as Promise<LoginResponse>;

/** The paid period ends `months` after the payment, just made by the server's clock. */
async function expectPaidForMonthsFromNow(
  request: APIRequestContext,
  session: LoginResponse,
  months: number,
): Promise<string> {
  const until = Date.parse(await paidUntil(request, session));
  const now = await serverNow(request);
  expect(until).toBeGreaterThan(addMonths(new Date(now - 120_000), months).getTime());
  expect(until).toBeLessThanOrEqual(addMonths(new Date(now), months).getTime());
  return new Date(until).toISOString();
}

const label = (date: Date | string): string => longDate(new Date(date));

test('a professional buys 6 months from the dashboard in the sandbox checkout; the dashboard shows the new end, and the admin payments list says 6 months by checkout', async ({
  page,
  request,
}) => {
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Kojo',
    lastName: `Sixmonths${uniqueTag()}`,
  });
  const session = await login(request, pro);
  const start = await paidUntil(request, session);
  await useSession(page, session);
  await page.goto('/professional-dashboard');

  const card = page.getByRole('region', { name: 'Your subscription' });
  await expect(card).toContainText(`Paid until ${label(start)}`);
  const lengths = card.getByRole('group', { name: 'How many months to pay for' });
  await expect(lengths.getByRole('radio', { name: '1 month — ₵27.00' })).toBeChecked();
  for (const name of ['3 months — ₵81.00', '6 months — ₵162.00', '12 months — ₵324.00'])
    await expect(lengths.getByRole('radio', { name })).not.toBeChecked();
  await lengths.getByRole('radio', { name: '6 months — ₵162.00' }).check();

  await card.getByRole('button', { name: 'Renew now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('Professional (6 months)');
  await expect(checkout).toContainText('₵162');
  await checkout.getByRole('button', { name: 'Approve payment' }).click();

  const end = addMonths(new Date(start), 6);
  // The card's first status is the renewal's (the mobile-money prompt's own follows, in its form).
  await expect(card.getByRole('status').first()).toHaveText(`Subscription renewed until ${label(end)}`);
  await expect(card).toContainText(`Paid until ${label(end)}`);
  expect(await paidUntil(request, session)).toBe(end.toISOString());
  await page.reload();
  await expect(card).toContainText(`Paid until ${label(end)}`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  await signInAdmin(page);
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Payments' }).click();
  await page.getByRole('searchbox', { name: 'Search payments' }).fill(pro.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: `Payments matching "${pro.email}"` });
  await expect(table.getByRole('row')).toHaveCount(3); // the header, the renewal, the first payment
  await expect(table.getByRole('row').nth(1)).toContainText(
    /₵162\.00\s*6 months\s*Completed\s*Mobile Money \(test mode\)\s*Checkout/,
  );
  await expect(table.getByRole('row').nth(2)).toContainText(/₵27\.00\s*1 month/);
});

test('a customer chooses 3 months at sign-up, cancels, changes to 12 and pays: a year is paid', async ({
  page,
  request,
}) => {
  const email = `months-${uniqueTag()}@example.com`;
  await page.goto('/signup?plan=customer');
  const form = page.getByRole('form', { name: /Step \d of 3/ });
  await form.getByLabel('First Name').fill('Efua');
  await form.getByLabel('Last Name').fill('Twelve');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel(/^Password/).fill('GoodPass123');
  await form.getByLabel('Confirm Password').fill('GoodPass123');
  await form.getByRole('button', { name: 'Continue' }).click();

  const lengths = form.getByRole('group', { name: 'How many months to pay for' });
  await expect(lengths.getByRole('radio', { name: '1 month — ₵10.00' })).toBeChecked();
  await lengths.getByRole('radio', { name: '3 months — ₵30.00' }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await form.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  let checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('Customer (3 months)');
  await expect(checkout).toContainText('₵30');
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  const paymentError = page.getByRole('alert').filter({ hasText: 'Payment Error:' });
  await expect(paymentError).toContainText('Payment was cancelled');

  // Another length after the account exists: a fresh payment for it, no second account.
  await lengths.getByRole('radio', { name: '12 months — ₵120.00' }).check();
  await paymentError.getByRole('button', { name: 'Try Again' }).click();
  checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('Customer (12 months)');
  await expect(checkout).toContainText('₵120');
  await checkout.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL('**/customer-dashboard');

  const until = await expectPaidForMonthsFromNow(request, await signedIn(page), 12);
  await expect(page.getByRole('region', { name: 'Your subscription' })).toContainText(`Paid until ${label(until)}`);
});

test('an unpaid account signing in chooses 6 months in the payment panel and is signed in with 6 months paid', async ({
  page,
  request,
  pageErrors,
}) => {
  allowUnpaidSignIn(pageErrors);
  const account = await createPendingAccount(request, {
    userType: 'professional',
    profession: 'Plumber',
    localAddress: 'Osu, Accra',
    firstName: 'Akosua',
  });
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  const panel = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment required' }) });
  const lengths = panel.getByRole('group', { name: 'How many months to pay for' });
  await expect(lengths.getByRole('radio', { name: '1 month — ₵27.00' })).toBeChecked();
  await lengths.getByRole('radio', { name: '6 months — ₵162.00' }).check();
  await panel.getByRole('button', { name: 'Complete Payment' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('Professional (6 months)');
  await checkout.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  const until = await expectPaidForMonthsFromNow(request, await signedIn(page), 6);
  await expect(page.getByRole('region', { name: 'Your subscription' })).toContainText(`Paid until ${label(until)}`);
});
