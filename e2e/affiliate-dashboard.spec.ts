import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, useSession } from './fixtures/accounts.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';

// /affiliate-dashboard on the commission ledger (docs/PRODUCT.md "Affiliates, commission and payouts"): an affiliate's
// referral signs up with the code and pays in the sandbox, and the dashboard shows it.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a paid referral shows on the affiliate dashboard: figures, code, links, payout rule, profile', async ({
  page,
  request,
}) => {
  const affiliate = await signUpAffiliate(request);
  const code = affiliate.affiliate.referrerCode;
  await createPaidAccount(request, { firstName: 'Kojo', lastName: 'Friend', referrerCode: code });

  await useSession(page, affiliate);
  await page.goto('/affiliate-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Overview', 'Earnings', 'Profile', 'Sign up a professional']);
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  // Overview: the ledger's figures.
  const figures = page.getByRole('list', { name: 'Your figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Total Referrals' })).toContainText('1');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Total Earnings' })).toContainText('₵4.00');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Pending Payout' })).toContainText('₵4.00');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Pending Payout' })).toContainText('Minimum ₵250');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Conversion Rate' })).toContainText('100%');

  const recent = page.getByRole('region', { name: 'Recent Referrals' });
  const row = recent.getByRole('row', { name: /Kojo F\./ });
  await expect(row).toContainText('Customer');
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('₵4.00');

  const commission = page.getByRole('region', { name: 'Commission Structure' });
  await expect(commission).toContainText('40%');
  await expect(commission).toContainText('₵4.00');
  await expect(commission).toContainText('₵10.80');
  await expect(commission).toContainText('₵250');

  // The referrer code card: Copy Code, Get Link, share buttons.
  const card = page.getByRole('region', { name: 'Your Referrer Code' });
  await expect(card.locator('code')).toHaveText(code);
  await card.getByRole('button', { name: 'Copy Code' }).click();
  await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(card.getByRole('button', { name: 'Copy Code' })).toBeVisible(); // back after 2 s

  const origin = new URL(page.url()).origin;
  const link = `${origin}/signup?ref=${code}`;
  await card.getByRole('button', { name: 'Get Link' }).click();
  await expect(card.getByRole('button', { name: 'Link copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const share = card.getByRole('list', { name: 'Share' });
  const expectations = [
    ['WhatsApp', 'https://wa.me/?text='],
    ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
    ['Twitter/X', 'https://twitter.com/intent/tweet?text='],
  ] as const;
  for (const [name, start] of expectations) {
    const anchor = share.getByRole('link', { name: new RegExp(`^${name.replace('/', '\\/')}`) });
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', 'noopener');
    const href = (await anchor.getAttribute('href'))!;
    expect(href.startsWith(start)).toBe(true);
    const shared = decodeURIComponent(href.slice(start.length));
    expect(shared).toContain(link);
    if (name !== 'Facebook') expect(shared).toContain(`code ${code}`);
  }
  await share.getByRole('button', { name: 'Instagram' }).click();
  await expect(card.getByRole('status')).toHaveText('Message copied — paste it into Instagram');
  const message = await page.evaluate(() => navigator.clipboard.readText());
  expect(message).toContain(code);
  expect(message).toContain(link);

  // Earnings: under ₵250 the button is disabled with the minimum's message; no payouts yet.
  await tabs.getByRole('tab', { name: 'Earnings' }).click();
  await expect(tabs.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  const requestButton = page.getByRole('button', { name: 'Request Payout' });
  await expect(requestButton).toBeDisabled();
  await expect(page.getByText('Minimum payout is ₵250. You currently have ₵4.00')).toBeVisible();
  await expect(requestButton).toHaveAccessibleDescription('Minimum payout is ₵250. You currently have ₵4.00');
  const details = page.getByRole('region', { name: 'Payout Details' });
  await expect(details).toContainText('Mobile Money');
  await expect(details).toContainText(affiliate.momo.slice(1)); // stored as +233…
  const history = page.getByRole('region', { name: 'Payout History' });
  await expect(history).toContainText('No payouts yet');

  // Profile: read-only facts, reached with the keyboard (arrow keys move between tabs).
  await tabs.getByRole('tab', { name: 'Earnings' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Profile' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText('Esi Referrer');
  await expect(profile).toContainText(affiliate.user.email);
  await expect(profile).toContainText(code);
  await expect(profile).toContainText('Active');
  await expect(profile.getByRole('textbox')).toHaveCount(0);
});

test('the server decides a payout request and the answer shows in the status region; a failed load offers Try Again', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(500, /^\/api\/affiliate-data\//, 'this test makes the first loads fail');
  pageErrors.allowFailedLoad(
    400,
    '/api/affiliate/payouts',
    'the real balance is under the minimum: the server refuses',
  );
  const affiliate = await signUpAffiliate(request);
  await useSession(page, affiliate);

  // The first load fails: the shared failure panel, with the server's message.
  let failLoad = true;
  await page.route('**/api/affiliate-data/**', async (route) => {
    if (failLoad) return route.fulfill({ status: 500, json: { success: false, message: 'Database is resting' } });
    // Pretend the balance is over the minimum so the button is enabled; the real server still checks.
    const response = await route.fetch();
    const body = (await response.json()) as { affiliate: Record<string, unknown> };
    return route.fulfill({ response, json: { ...body, affiliate: { ...body.affiliate, pendingPayout: 300 } } });
  });
  await page.goto('/affiliate-dashboard');
  const panel = page.getByRole('alert').filter({ hasText: 'Unable to Load Dashboard' });
  await expect(panel).toContainText('Database is resting', { timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Sign In Again' })).toBeVisible();
  failLoad = false;
  await panel.getByRole('button', { name: 'Try Again' }).click();

  const figures = page.getByRole('list', { name: 'Your figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Conversion Rate' })).toContainText('—');
  await expect(page.getByText('No referrals yet. Share your code to start earning.')).toBeVisible();

  await page.getByRole('tab', { name: 'Earnings' }).click();
  const requestButton = page.getByRole('button', { name: 'Request Payout' });
  await expect(requestButton).toBeEnabled();
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/affiliate/payouts') && r.request().method() === 'POST',
  );
  await requestButton.click();
  // Asked first; the request goes only on confirmation.
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Request ₵[\d.]+ payout$/ })
    .click();
  expect((await posted).status()).toBe(400);
  const section = page.getByRole('region', { name: 'Request Payout' });
  await expect(section.getByRole('status')).toHaveText('Minimum payout is ₵250. You currently have ₵0.00');
});
