import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { allowUnpaidSignIn, createPaidAccount, login, uniqueTag, useSession } from './fixtures/accounts.ts';
import type { PaidAccount } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { creditAffiliate, signUpAffiliate } from './fixtures/affiliates.ts';
import { bookFirstSlot } from './fixtures/bookings.ts';
import { allowGonePage, pageReady, sitePages } from './fixtures/pages.ts';
import { overflows, PHONE, smallTargets } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// On a 360 × 740 touch phone no page, dashboard tab or dialog is wider
// than the phone (what counts: `overflows` in fixtures/phone.ts), and every control is big enough
// for a thumb (`smallTargets`). Screens are filled with long names and many rows first.
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const GUARDED = [
  '/customer-dashboard',
  '/professional-dashboard',
  '/affiliate-dashboard',
  '/dashboard',
  '/admin/dashboard',
  // Sends the visitor on at once (to /signin when signed out, which is checked as itself).
  '/app',
];
const LONG = { firstName: 'Oforiwaa-Adwoa', lastName: 'Amponsah-Boatengmensah' };

/** A long e-mail address, as some people have, to see that it breaks rather than widens a screen. */
const longEmail = (who: string) => `${who}.oforiwaa.amponsah-boatengmensah.${uniqueTag()}@example-company-ghana.com`;

/** Waits for the page to settle, then records what overflows under `where`. */
async function measure(page: Page, where: string, problems: string[], { loaded = true } = {}): Promise<void> {
  await pageReady(page, { loaded });
  for (const problem of await overflows(page)) problems.push(`${where}: ${problem}`);
  for (const problem of await smallTargets(page)) problems.push(`${where}: small target ${problem}`);
}

/** Opens each tab of the first tab list in turn and measures the page with each open. */
async function everyTab(
  page: Page,
  path: string,
  problems: string[],
  onTab?: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto(path);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const names = (await tabs.allInnerTexts()).map((n) => n.trim());
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) {
    const tab = tabs.filter({ hasText: name }).first();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await measure(page, `${path} ${name}`, problems);
    if (onTab) await onTab(name);
  }
}

for (const path of sitePages().filter((p) => !GUARDED.includes(p))) {
  test(`${path} fits a 360 px phone`, async ({ page, pageErrors }) => {
    allowGonePage(pageErrors, path);
    const problems: string[] = [];
    await page.goto(path);
    // /app-shell-test shows its loading states on purpose.
    await measure(page, path, problems, { loaded: path !== '/app-shell-test' });
    expect(problems).toEqual([]);
  });
}

test('affiliate sign-up with Mobile Money chosen fits the phone', async ({ page }) => {
  const problems: string[] = [];
  await page.goto('/affiliate-signup');
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Phone Number').fill('0241234567');
  await form.getByRole('radio', { name: 'Mobile Money' }).check();
  await expect(form.getByLabel('Mobile Money Number')).toHaveValue('0241234567');
  await measure(page, 'affiliate sign-up, Mobile Money', problems);
  await form.getByLabel('Mobile Money Number').scrollIntoViewIfNeeded();
  await shot(page, 'affiliate-signup-momo-prefilled', { fullPage: false });
  await form.getByRole('radio', { name: 'Bank account' }).check();
  await measure(page, 'affiliate sign-up, Bank account', problems);
  expect(problems).toEqual([]);
});

/** A professional with a long name, and a customer with a long name and e-mail who booked them three times. */
async function bookedPair(request: APIRequestContext) {
  const pro = await createPaidAccount(request, {
    ...LONG,
    // One long unbroken word too: a card must wrap it, not widen the page (a CI failure once).
    lastName: `${LONG.lastName}kwartengpro`,
    email: longEmail('pro'),
    userType: 'professional',
    profession: 'Plumber',
    baseRate: 40,
    maxRate: 60,
    rateNegotiable: true,
    description: 'Kitchen and bathroom plumbing, burst pipes, water heaters and borehole pumps across Greater Accra',
  });
  const customer = await createPaidAccount(request, { ...LONG, email: longEmail('customer') });
  const customerSession = await login(request, customer);
  for (const slot of [0, 1, 2]) await bookFirstSlot(request, customerSession, pro.user.id, slot);
  return { pro, customer, customerSession };
}

test('customer dashboard: every tab, the booking dialog and the sandbox checkout fit the phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { pro, customerSession } = await bookedPair(request);
  await useSession(page, customerSession);
  const problems: string[] = [];
  await everyTab(page, '/customer-dashboard', problems, async (name) => {
    if (name !== 'Find Services') return;
    const proName = `${pro.user.firstName} ${pro.user.lastName}`;
    const book = page.getByRole('button', { name: `Book Appointment with ${proName}` });
    await page
      .getByRole('checkbox', { name: /^Near me/ })
      .uncheck()
      .catch(() => undefined);
    // Found by name: after other specs there are more than a page of professionals.
    await page.getByRole('searchbox', { name: 'Search by name or profession' }).fill(proName);
    await expect(book.first().or(page.getByText(/^No professionals found/))).toBeVisible();
    if (await book.count()) {
      await book.first().click();
      const dialog = page.getByRole('dialog', { name: `Book ${proName}` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('table').getByRole('button', { disabled: false }).first().click();
      await measure(page, 'booking dialog', problems);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    } else problems.push(`Find Services: no Book Appointment button for ${proName}`);
  });
  // The subscription card's Renew now opens the TEST MODE checkout (long e-mail and reference).
  await page.getByRole('tab', { name: 'Overview' }).click();
  const renew = page.getByRole('button', { name: 'Renew now' });
  if (await renew.count()) {
    await renew.first().click();
    const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
    await expect(checkout).toContainText('TEST MODE');
    await measure(page, 'sandbox checkout', problems);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
  } else problems.push('Overview: no Renew now button to open the sandbox checkout');
  await everyTab(page, '/dashboard', problems);
  expect(problems).toEqual([]);
});

test("an unpaid account's sandbox checkout (long e-mail) fits the phone", async ({ page, request, pageErrors }) => {
  allowUnpaidSignIn(pageErrors);
  const email = longEmail('pending');
  const password = 'Passw0rd-e2e';
  const signup = await request.post('/api/signup', {
    data: {
      ...LONG,
      email,
      phone: `02${String(Date.now()).slice(-8)}`,
      password,
      confirmPassword: password,
      userType: 'customer',
      location: 'Kumasi',
      agreeToTerms: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('TEST MODE');
  await expect(checkout).toContainText(email);
  const problems: string[] = [];
  await measure(page, 'sandbox checkout', problems);
  expect(problems).toEqual([]);
});

test('professional dashboard: every tab, with job requests, fits the phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { pro } = await bookedPair(request);
  await useSession(page, await login(request, pro));
  const problems: string[] = [];
  await everyTab(page, '/professional-dashboard', problems);
  await everyTab(page, '/dashboard', problems);
  expect(problems).toEqual([]);
});

test('affiliate dashboard: every tab, with many referrals and payouts, fits the phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const affiliate = await signUpAffiliate(request, LONG.firstName, LONG.lastName);
  const code = affiliate.affiliate.referrerCode;
  const referrals: PaidAccount[] = [];
  for (let i = 0; i < 6; i++) {
    referrals.push(
      await createPaidAccount(request, {
        ...LONG,
        lastName: `${LONG.lastName}${i}`,
        email: longEmail(`referral${i}`),
        referrerCode: code,
        ...(i % 2 ? { userType: 'professional' as const, profession: 'Electrician' } : {}),
      }),
    );
  }
  // Two payouts asked for in turn (the first is paid by the administrator before the second).
  const headers = { Authorization: `Bearer ${affiliate.token}` };
  await creditAffiliate(request, affiliate.email);
  expect((await request.post('/api/affiliate/payouts', { headers })).status()).toBe(201);
  await creditAffiliate(request, affiliate.email);
  await request.post('/api/affiliate/payouts', { headers }); // may be refused while one is pending: one row is enough then
  await useSession(page, affiliate);
  const problems: string[] = [];
  await everyTab(page, '/affiliate-dashboard', problems);
  await everyTab(page, '/dashboard', problems);
  expect(problems).toEqual([]);
});

test("the affiliate's Recent Referrals are cards on a phone: Status and Commission on screen", async ({
  page,
  request,
}) => {
  const affiliate = await signUpAffiliate(request, LONG.firstName, LONG.lastName);
  await createPaidAccount(request, {
    ...LONG,
    email: longEmail('referral-card'),
    referrerCode: affiliate.affiliate.referrerCode,
  });
  await useSession(page, affiliate);
  await page.goto('/affiliate-dashboard');
  const referrals = page.getByRole('region', { name: 'Referrals table' });
  const row = referrals.getByRole('row').filter({ hasText: LONG.firstName });
  await expect(row).toBeVisible();
  for (const column of ['Status', 'Commission']) {
    const cell = row.getByRole('cell').and(row.locator(`[data-label="${column}"]`));
    await expect(cell).toBeVisible();
    const box = await cell.boundingBox();
    expect(box!.x + box!.width, `${column} within the phone`).toBeLessThanOrEqual(PHONE.width);
  }
  // Nothing scrolled sideways inside the box either.
  expect(await referrals.evaluate((box) => box.scrollWidth <= box.clientWidth + 1)).toBe(true);
  await referrals.scrollIntoViewIfNeeded();
  await shot(page, 'affiliate-recent-referrals', { fullPage: true });
});

test('administrator console: every tab, the user dialog and its tabs fit the phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A last name of its own: the search must find this one account among the others of this run.
  const lastName = `${LONG.lastName}-${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const customer = await createPaidAccount(request, { ...LONG, lastName, email: longEmail('admin-view') });
  const affiliate = await signUpAffiliate(request, LONG.firstName, LONG.lastName);
  await creditAffiliate(request, affiliate.email);
  await request.post('/api/affiliate/payouts', { headers: { Authorization: `Bearer ${affiliate.token}` } });
  await signInAdmin(page);
  const problems: string[] = [];
  await everyTab(page, '/admin/dashboard', problems);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const name = `${LONG.firstName} ${lastName}`;
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  for (const tab of (await dialog.getByRole('tab').allInnerTexts()).map((n) => n.trim())) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await measure(page, `user dialog ${tab}`, problems);
  }
  expect(problems).toEqual([]);
});

// The customer's account menu opened off the left edge ("Sign out" read "ut").
test("the customer's account menu opens inside the phone's screen", async ({ page, request }) => {
  // A short first name: the narrowest button, where the menu reached furthest past the left edge.
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Efua' }));
  await useSession(page, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('button', { name: /account menu/ }).click();
  const items = page
    .getByRole('list')
    .filter({ has: page.getByRole('button', { name: 'Sign out' }) })
    .getByRole('button');
  await expect(items).toHaveText(['Profile', 'My Bookings', 'Sign out']);
  for (const box of await items.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON()))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  }
  await page.screenshot({ path: test.info().outputPath('account-menu-360.png') });
});
