import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN_MESSAGES, SETTING_LABELS } from '../contract/admin.ts';
import { OFFLINE_WORDS } from '../contract/connection.ts';
import type { PlatformSettings } from '../contract/admin.ts';
import { createPaidAccount, createPendingAccount, login } from './fixtures/accounts.ts';
import { ADMIN, signInAdmin } from './fixtures/admin.ts';
import { affiliateWithPayout } from './fixtures/affiliates.ts';

// The administrator console (docs/PRODUCT.md "Administrators": administrator area and admin guard, user and payout states, admin login, admin errors, settings). The server is started with
// ADMIN_USERNAME=e2e-admin and ADMIN_PASSWORD=Admin-e2e-Passw0rd (playwright.config.ts).

/** Puts the reminder window back for the journeys that follow (they share the server). */
async function restoreReminderDays(request: APIRequestContext) {
  const signin = await request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await signin.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const { settings } = (await (await request.get('/api/admin/settings', { headers })).json()) as {
    settings: PlatformSettings;
  };
  expect((await request.put('/api/admin/settings', { headers, data: { ...settings, reminderDays: 7 } })).ok()).toBe(
    true,
  );
  await request.post('/api/admin/logout', { headers });
}

test('the admin login refuses a wrong password, and the dashboard without a session goes to the login', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/admin/stats', 'the made-up admin token this test stores is refused');
  pageErrors.allowFailedLoad(401, '/api/admin/login', 'the wrong password this test types is refused');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText(ADMIN_MESSAGES.sessionExpired)).toBeVisible();

  // A token the server refuses is removed on the way to the login.
  await page.evaluate(() => localStorage.setItem('adminToken', 'not-a-real-admin-token-xxxxxxxxxxxx'));
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login\?expired/);
  await expect(page.getByText(ADMIN_MESSAGES.sessionExpired)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(ADMIN_MESSAGES.loginRequired);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/admin$/);
  await page.route('**/api/admin/login', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(ADMIN_MESSAGES.network);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('honest failures: a list that cannot load says so with Try Again; a refused action shows its error and the list stays as the server has it', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(503, /^\/api\/admin\/users\/\d+\/status$/, 'this test makes the suspension fail');
  pageErrors.allowFailedLoad(409, /^\/api\/admin\/users\/\d+\/reminder$/, 'an unpaid sign-up has nothing to remind');
  const user = await createPaidAccount(request, { firstName: 'Afua', lastName: 'Offline' });
  await signInAdmin(page);
  await page.route('**/api/admin/users?*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('tab', { name: 'Users' }).click();
  // No answer at all for the list: it says it has not loaded. The server still answers the page's
  // own check, so the banner does not stay (one blocked address is not a lost signal).
  const failure = page.getByRole('alert').filter({ hasText: OFFLINE_WORDS.notLoaded });
  await expect(failure).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toHaveCount(0);
  await expect(failure).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0); // no sample rows in its place
  await page.unroute('**/api/admin/users?*');
  await failure.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: /Afua Offline/ });
  await expect(row).toBeVisible();

  await page.route('**/api/admin/users/*/status', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"success":false,"message":"Service unavailable"}',
    }),
  );
  await row.getByRole('button', { name: 'Suspend Afua Offline' }).click();
  await page
    .getByRole('alertdialog', { name: 'Suspend Afua Offline?' })
    .getByRole('button', { name: 'Suspend account' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.network })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Suspend Afua Offline' })).toBeVisible();
  await expect(row).not.toContainText('Suspended');

  // "Subscription reminder sent successfully!" only when one was queued: an unpaid sign-up has nothing to remind about.
  const unpaid = await createPendingAccount(request, { firstName: 'Kobby', lastName: 'Unpaid' });
  await page.getByRole('searchbox', { name: 'Search users' }).fill(unpaid.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('row', { name: /Kobby Unpaid/ })
    .getByRole('button', { name: 'Send Reminder to Kobby Unpaid' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This user has no subscription to remind about.' }),
  ).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.reminderSent)).toHaveCount(0);
});

test('deleting asks first, says what deletion does, and the account leaves the list (its personal data removed)', async ({
  page,
  request,
}) => {
  const user = await createPaidAccount(request, { firstName: 'Esi', lastName: 'Leaving' });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('row', { name: /Esi Leaving/ })
    .getByRole('button', { name: 'Esi Leaving', exact: true })
    .click();

  await page.getByRole('dialog', { name: 'Esi Leaving' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Esi Leaving?' });
  await expect(confirm).toContainText('Payments, subscriptions and commission records stay, anonymised');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('dialog', { name: 'Esi Leaving' }).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete account' }).click();

  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText("The account's personal data has been removed.")).toBeVisible();
  await expect(page.getByText('No users match this search.')).toBeVisible();
  const signin = await request.post('/api/auth/login', {
    data: { loginMethod: 'email', email: user.email, password: user.password, accountType: 'customer' },
  });
  expect(signin.ok()).toBe(false);
});

test('an administrator finds a user by phone, edits, suspends and activates them, moves a payout, changes a setting, and sees it all in Activity', async ({
  page,
  request,
}) => {
  const user = await createPaidAccount(request, { firstName: 'Abena', lastName: 'Boateng' });
  const session = await login(request, user);
  const customerData = () =>
    request.get(`/api/customer-data/${encodeURIComponent(user.email)}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
  expect((await customerData()).status()).toBe(200);
  const affiliate = await affiliateWithPayout(request);

  try {
    await signInAdmin(page);

    // Overview: the stat cards and the 12-month chart with its table.
    const sections = page.getByRole('tablist', { name: 'Admin sections' });
    await expect(sections.getByRole('tab')).toHaveText([
      'Overview',
      'Users',
      'Verification',
      'Reports',
      'Payments',
      'Affiliates',
      'Payouts',
      'Activity',
      'Settings',
    ]);
    await expect(page.getByRole('listitem').filter({ hasText: 'Total Users' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payout summary' })).toBeVisible();
    await page.getByText('Show the figures as a table').click();
    await expect(
      page.getByRole('table', { name: 'Sign-ups and revenue for the last 12 months' }).getByRole('row'),
    ).toHaveCount(13);
    // Refresh Data fetches the figures again (not the page) and says when it is done.
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByText(/^Data refreshed at \d\d:\d\d GMT\.$/)).toBeVisible();

    // Users: server-side search by the phone as it was typed at sign-up.
    await sections.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.phone);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: /Abena Boateng/ });
    await expect(row).toHaveCount(1);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

    // The profile dialog: view, edit, save; Escape closes it and focus goes back to the row.
    const opener = row.getByRole('button', { name: 'Abena Boateng', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Abena Boateng' })).toBeFocused();
    await expect(dialog.getByRole('tab')).toHaveText(['Profile', 'Payments', 'Activity']);
    await expect(dialog.getByText(user.email)).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Last name').fill('Owusu');
    await dialog.getByLabel('Location').fill('Kumasi');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'User updated.' })).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Abena Owusu' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Payments' }).click();
    await expect(dialog.getByRole('table', { name: 'Payments of Abena Owusu' })).toContainText('Subscription');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('row', { name: /Abena Owusu/ }).getByRole('button', { name: 'Abena Owusu', exact: true }),
    ).toBeFocused();

    // Suspend: the user's open session is refused on its next call; then activate.
    const edited = page.getByRole('row', { name: /Abena Owusu/ });
    await edited.getByRole('button', { name: 'Suspend Abena Owusu' }).click();
    await page
      .getByRole('alertdialog', { name: 'Suspend Abena Owusu?' })
      .getByRole('button', { name: 'Suspend account' })
      .click();
    await expect(page.getByText('User suspended; their sessions have ended.')).toBeVisible();
    await expect(edited).toContainText('Suspended');
    expect((await customerData()).status()).toBe(401);
    await edited.getByRole('button', { name: 'Activate Abena Owusu' }).click();
    await page
      .getByRole('alertdialog', { name: 'Activate Abena Owusu?' })
      .getByRole('button', { name: 'Activate account' })
      .click();
    await expect(page.getByText('User activated.')).toBeVisible();
    await expect(edited.getByRole('button', { name: 'Suspend Abena Owusu' })).toBeVisible();
    await expect(edited).not.toContainText('Suspended');

    // Send reminder: success only because the reminder was queued.
    await edited.getByRole('button', { name: 'Send Reminder to Abena Owusu' }).click();
    await expect(page.getByText(ADMIN_MESSAGES.reminderSent)).toBeVisible();

    // Activity: each action on this user as a sentence: who did what, and what it was before.
    await edited.getByRole('button', { name: 'Abena Owusu', exact: true }).click();
    await dialog.getByRole('tab', { name: 'Activity' }).click();
    const activity = dialog.getByRole('list', { name: 'Administrator actions on Abena Owusu' });
    await expect(activity.locator(':scope > li')).toHaveCount(4);
    await expect(activity).toContainText('e2e-admin sent a subscription reminder.');
    await expect(activity).toContainText('e2e-admin activated the account (was suspended).');
    await expect(activity).toContainText('e2e-admin suspended the account (was active).');
    await expect(activity).toContainText(
      'e2e-admin edited the profile: changed the last name from Boateng to Owusu; changed the location from Accra to Kumasi.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Payouts: approve (only on pending), then complete with a note (only on processing).
    await sections.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByLabel('Status').selectOption('pending');
    const payout = page.getByRole('row', { name: new RegExp(affiliate.reference) });
    await expect(payout.getByRole('button')).toHaveText(['Approve', 'Reject']);
    await payout.getByRole('button', { name: `Approve payout ${affiliate.reference}` }).click();
    await page
      .getByRole('alertdialog', { name: /^Approve ₵[\d.,]+ to .+\?$/ })
      .getByRole('button', { name: 'Approve payout' })
      .click();
    // The row leaves the Pending list: focus goes to the outcome rather than being lost.
    await expect(
      page.getByText(/^The ₵[\d.,]+ payout to .+ requested on .+ was approved; it is now processing\.$/),
    ).toBeFocused();
    await expect(payout).toHaveCount(0); // no longer pending: the list is the server's
    await page.getByLabel('Status').selectOption('processing');
    await expect(payout.getByRole('button')).toHaveText(['Complete']);
    await payout.getByRole('button', { name: `Complete payout ${affiliate.reference}` }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Mark ₵[\d.,]+ to .+ as paid\?$/ });
    await confirm.getByLabel('Note (optional)').fill('Paid by MoMo');
    await confirm.getByRole('button', { name: 'Complete payout' }).click();
    await expect(page.getByText(/^The ₵[\d.,]+ payout to .+ was completed\.$/)).toBeVisible();
    await page.getByLabel('Status').selectOption('completed');
    await expect(payout).toContainText('Completed');
    await expect(payout).toContainText('Paid by MoMo');
    await expect(payout.getByRole('button')).toHaveCount(0);

    // The affiliate's Activity shows the payout's moves.
    await sections.getByRole('tab', { name: 'Affiliates' }).click();
    await page.getByRole('searchbox', { name: 'Search affiliates' }).fill(affiliate.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Other journeys' affiliates are called Kofi Payee too: wait for the search's one row.
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await page
      .getByRole('row', { name: /Kofi Payee/ })
      .getByRole('button', { name: 'Kofi Payee', exact: true })
      .click();
    await dialog.getByRole('tab', { name: 'Activity' }).click();
    const payoutActivity = dialog.getByRole('list', { name: 'Administrator actions on Kofi Payee' });
    await expect(payoutActivity).toContainText(/e2e-admin approved payout #\d+ \(was pending\)\./);
    await expect(payoutActivity).toContainText(/e2e-admin marked payout #\d+ as paid, noting “Paid by MoMo”\./);
    await page.keyboard.press('Escape');

    // Settings: the reminder window, checked by the shared schema, saved, and still there after a reload.
    await sections.getByRole('tab', { name: 'Settings' }).click();
    const reminder = page.getByLabel(SETTING_LABELS.reminderDays.label);
    await expect(reminder).toHaveValue('7');
    await reminder.fill('0');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Reminder days must be 1 to 30')).toBeVisible();
    await reminder.fill('5');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(SETTING_LABELS.reminderDays.label)).toHaveValue('5');

    // Signed in, the login page goes straight on to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // Logout ends the session on the server; the dashboard then sends back to the login.
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect((await request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      401,
    );
  } finally {
    await restoreReminderDays(request);
  }
});
