import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { addMonths, DAY_MS, longDate } from '../contract/dates.ts';
import type { SubscriptionSummary } from '../contract/subscriptions.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { advanceServerClock, resetServerClockAfterEach, serverNow } from './fixtures/clock.ts';

// The dashboards' subscription card and "Renew now" through the sandbox
// checkout, on a real test server whose clock the journey moves forward (shared by every spec,
// so the move is kept to what reaching the reminder window needs, and put back after the test).

resetServerClockAfterEach();

async function subscriptionOf(request: APIRequestContext, session: LoginResponse): Promise<SubscriptionSummary> {
  const type = session.user.userType;
  const response = await request.get(`/api/${type}-data/${encodeURIComponent(session.user.email)}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as Record<string, { subscription: SubscriptionSummary | null }>;
  const subscription = body[type]?.subscription;
  expect(subscription, 'the dashboard data carry the subscription').toBeTruthy();
  return subscription as SubscriptionSummary;
}

/** A promise the test settles with `release()`: a request waits on it while the page shows it busy. */
function heldUntilReleased(): { released: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

const label = (date: Date | string): string => longDate(new Date(date));

test('a customer near the end of the month renews early from the dashboard and keeps the unused days', async ({
  page,
  request,
}) => {
  const before = await serverNow(request);
  const account = await createPaidAccount(request);
  const session = await login(request, account);
  const start = await subscriptionOf(request, session);
  // One calendar month ahead of the server's clock at sign-up.
  expect(Date.parse(start.paidUntil)).toBeGreaterThanOrEqual(addMonths(new Date(before)).getTime());
  expect(Date.parse(start.paidUntil) - before).toBeLessThan(32 * DAY_MS);
  expect(start.state).toBe('active');

  await useSession(page, session);
  await page.goto('/customer-dashboard');
  const card = page.getByRole('region', { name: 'Your subscription' });
  await expect(card).toContainText('Customer plan · ₵10 per month');
  await expect(card).toContainText(`Paid until ${label(start.paidUntil)}`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText('the months you buy are added to the end of your current period');

  // Into the 7-day reminder window, with 6 days left: the smallest move that gets there.
  await advanceServerClock(request, Date.parse(start.paidUntil) - (await serverNow(request)) - 6 * DAY_MS);
  await page.reload();
  await expect(card.getByText(/Expiring in \d+ days?/)).toBeVisible();
  await expect(card).toContainText(`Paid until ${label(start.paidUntil)}`);

  // Cancelling the checkout changes nothing.
  await card.getByRole('button', { name: 'Renew now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('TEST MODE');
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  // The card's first status is the renewal's (the mobile-money prompt's own follows, in its form).
  await expect(card.getByRole('status').first()).toHaveText('Payment was cancelled');
  await expect(card.getByRole('button', { name: 'Renew now' })).toBeEnabled();

  await card.getByRole('button', { name: 'Renew now' }).click();
  await checkout.getByRole('button', { name: 'Approve payment' }).click();
  // A month added to the current end: two months from the start, no days lost.
  const renewedUntil = label(addMonths(new Date(start.paidUntil)));
  await expect(card.getByRole('status').first()).toHaveText(`Subscription renewed until ${renewedUntil}`);
  await expect(card).toContainText(`Paid until ${renewedUntil}`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);

  const after = await subscriptionOf(request, session);
  expect(after.paidUntil).toBe(addMonths(new Date(start.paidUntil)).toISOString());
});

test('a professional sees the plan and Renew now on the Overview; a failed verification shows the server message with Try Again', async ({
  page,
  request,
}) => {
  const pro = await createPaidAccount(request, { userType: 'professional' });
  const session = await login(request, pro);
  const start = await subscriptionOf(request, session);
  await useSession(page, session);
  // Held, as on a slow 3G line, until the busy text has been seen; the first verification fails.
  const renewing = heldUntilReleased();
  const verifying = heldUntilReleased();
  await page.route('**/api/subscription/renew', async (route) => {
    await renewing.released;
    await route.continue();
  });
  await page.route('**/api/verify-payment', async (route) => {
    await verifying.released;
    await route.fulfill({
      status: 200,
      json: { success: false, message: 'Failed to verify payment. Please contact support.' },
    });
  });
  await page.goto('/professional-dashboard');
  const card = page.getByRole('region', { name: 'Your subscription' });
  await expect(card).toContainText('Professional plan · ₵27 per month');
  await expect(card).toContainText(`Paid until ${label(start.paidUntil)}`);

  await card.getByRole('button', { name: 'Renew now' }).click();
  await expect(card.getByRole('button', { name: 'Opening payment...' })).toBeDisabled();
  renewing.release();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Approve payment' }).click();
  await expect(card.getByRole('button', { name: 'Verifying payment...' })).toBeDisabled();
  verifying.release();
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('Failed to verify payment. Please contact support.');

  // The payment was made: Try Again verifies the same payment again, without paying twice.
  await page.unroute('**/api/verify-payment');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  const renewedUntil = label(addMonths(new Date(start.paidUntil)));
  await expect(card.getByRole('status').first()).toHaveText(`Subscription renewed until ${renewedUntil}`);
  await expect(card).toContainText(`Paid until ${renewedUntil}`);
  await expect(page.getByRole('dialog', { name: 'Sandbox checkout' })).toHaveCount(0);
});

test('a mobile-money payer is told why nothing renews itself; paying by the test card offers automatic renewal, which they turn on and off', async ({
  page,
  request,
}) => {
  const account = await createPaidAccount(request); // paid in the sandbox as mobile money
  const session = await login(request, account);
  await useSession(page, session);
  await page.goto('/customer-dashboard');
  const card = page.getByRole('region', { name: 'Your subscription' });
  await expect(card).toContainText('Mobile money cannot be charged automatically');
  await expect(card.getByRole('checkbox')).toHaveCount(0);

  await card.getByRole('button', { name: 'Renew now' }).click();
  await page
    .getByRole('dialog', { name: 'Sandbox checkout' })
    .getByRole('button', { name: 'Pay with test card (Visa ending 4081)' })
    .click();
  await expect(card.getByRole('status').first()).toContainText('Subscription renewed until');

  const auto = card.getByRole('checkbox', { name: 'Renew automatically with Visa ending 4081' });
  await expect(auto).not.toBeChecked();
  await auto.check();
  await expect(auto).toBeChecked();
  await expect(card).toContainText('We charge this card a few days before your paid month ends');
  // The box changes at the tap; the server's copy follows when the request lands (CI once read it first).
  await expect
    .poll(async () => (await subscriptionOf(request, session)).autoRenewal)
    .toEqual({ card: 'Visa ending 4081', enabled: true });

  // The choice survives a reload, and turning it off is kept too.
  await page.reload();
  await expect(auto).toBeChecked();
  await auto.uncheck();
  await expect(auto).not.toBeChecked();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(async () => (await subscriptionOf(request, session)).autoRenewal)
    .toEqual({ card: 'Visa ending 4081', enabled: false });
});
