import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { OFFLINE_WORDS } from '../contract/connection.ts';
import { createPaidAccount, login, uniqueTag } from './fixtures/accounts.ts';
import { ADMIN, allowImageViewerStyles, signInAdmin } from './fixtures/admin.ts';
import { affiliateWithPayout, creditAffiliate, signUpAffiliate } from './fixtures/affiliates.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// The administrator's console on a phone: changes to money or access
// ask first, the queue of professionals waiting for verification shows who opened which document,
// the Activity list reads as sentences across every account, and the console uses a wide screen
// while still fitting a 360 px phone.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(
  request: APIRequestContext,
  token: string,
  kind: string,
  name: string,
  type: string,
  bytes: Buffer,
) {
  const response = await request.put(`/api/professional/documents/${kind}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, 'X-File-Name': encodeURIComponent(name) },
    data: bytes,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A professional who sent both documents and waits for review. */
async function waitingProfessional(
  request: APIRequestContext,
  firstName: string,
  lastName: string,
  files = { card: 'ghana-card.png', certificate: 'certificate.pdf' },
) {
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName,
    lastName,
  });
  const { token } = await login(request, pro);
  await upload(request, token, 'ghana-card', files.card, 'image/png', PNG);
  await upload(request, token, 'trade-certificate', files.certificate, 'application/pdf', PDF);
  return pro;
}

/** The administrator's token, for setting the scene through the API. */
async function adminHeaders(request: APIRequestContext) {
  const signin = await request.post('/api/admin/login', { data: ADMIN });
  return { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
}

/** Changes to money or access the page has sent (PUTs to a user's status or a payout). */
function watchChanges(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/admin\/(users\/\d+\/status|payouts\/\d+\/)/.test(request.url()))
      sent.push(new URL(request.url()).pathname);
  });
  return sent;
}

async function findUser(page: Page, email: string) {
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('suspending, activating and every payout move ask first: Cancel and Escape send nothing, the confirm button makes the change', async ({
  page,
  request,
}) => {
  const user = await createPaidAccount(request, { firstName: 'Yaa', lastName: 'Confirm' });
  const paid = await affiliateWithPayout(request);
  const refused = await affiliateWithPayout(request);
  const sent = watchChanges(page);
  await signInAdmin(page);

  await findUser(page, user.email);
  const row = page.getByRole('row', { name: /Yaa Confirm/ });
  const suspend = row.getByRole('button', { name: 'Suspend Yaa Confirm' });
  await suspend.click();
  const asking = page.getByRole('alertdialog', { name: 'Suspend Yaa Confirm?' });
  await expect(asking).toContainText(
    'Suspend the account of Yaa Confirm? They are signed out now and cannot sign in until an administrator activates the account.',
  );
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toBeHidden();
  await expect(suspend).toBeFocused();
  await suspend.click();
  await page.keyboard.press('Escape');
  await expect(asking).toBeHidden();
  await expect(suspend).toBeFocused();
  await expect(row).toContainText('Active');
  expect(sent).toEqual([]);

  await suspend.click();
  await asking.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByText('User suspended; their sessions have ended.')).toBeVisible();
  await expect(row).toContainText('Suspended');
  const activate = row.getByRole('button', { name: 'Activate Yaa Confirm' });
  await expect(activate).toBeFocused();
  await activate.click();
  await page
    .getByRole('alertdialog', { name: 'Activate Yaa Confirm?' })
    .getByRole('button', { name: 'Activate account' })
    .click();
  await expect(page.getByText('User activated.')).toBeVisible();
  expect(sent).toHaveLength(2);

  // Payouts: the question names the amount, the affiliate and where the money goes.
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await page.getByLabel('Status').selectOption('pending');
  const approve = page.getByRole('button', { name: `Approve payout ${paid.reference}` });
  await approve.click();
  const approving = page.getByRole('alertdialog', { name: /^Approve ₵[\d.,]+ to .+\?$/ });
  await expect(approving).toContainText(/Approve the ₵250\.00 payout to Kofi Payee by Mobile Money \(\+?\d+\)\?/);
  await approving.getByRole('button', { name: 'Cancel' }).click();
  await expect(approving).toBeHidden();
  await expect(approve).toBeFocused();
  expect(sent).toHaveLength(2);
  await approve.click();
  await approving.getByRole('button', { name: 'Approve payout' }).click();
  await expect(
    page.getByText(
      /^The ₵250\.00 payout to Kofi Payee requested on \d+ \w+ \d{4} was approved; it is now processing\.$/,
    ),
  ).toBeFocused();

  const reject = page.getByRole('button', { name: `Reject payout ${refused.reference}` });
  await reject.click();
  const rejecting = page.getByRole('alertdialog', { name: /^Reject ₵[\d.,]+ to .+\?$/ });
  await expect(rejecting).toContainText('They are not paid, and the ₵250.00 goes back to their balance.');
  await page.keyboard.press('Escape');
  await expect(rejecting).toBeHidden();
  await expect(reject).toBeFocused();
  expect(sent).toHaveLength(3);
  await reject.click();
  await rejecting.getByLabel('Note (optional)').fill('Number does not match the account name');
  await rejecting.getByRole('button', { name: 'Reject payout' }).click();
  await expect(
    page.getByText(/^The ₵[\d.,]+ payout to .+ was rejected; the amount is back in the affiliate's balance\.$/),
  ).toBeVisible();

  await page.getByLabel('Status').selectOption('processing');
  await page.getByRole('button', { name: `Complete payout ${paid.reference}` }).click();
  const completing = page.getByRole('alertdialog', { name: /^Mark ₵[\d.,]+ to .+ as paid\?$/ });
  await expect(completing).toContainText(
    'Mark the ₵250.00 payout to Kofi Payee as paid? Do this only once the money has reached Mobile Money',
  );
  await completing.getByRole('button', { name: 'Complete payout' }).click();
  await expect(page.getByText(/^The ₵250\.00 payout to Kofi Payee requested on .+ was completed\.$/)).toBeVisible();
  expect(sent).toHaveLength(5);
  await page.getByLabel('Status').selectOption('all');
  await page.getByRole('searchbox', { name: 'Search payouts' }).fill(paid.reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(paid.reference) })).toContainText('Completed');
});

test('the verification queue lists who waits longest first and which documents each administrator has opened', async ({
  page,
  request,
  pageErrors,
}) => {
  allowImageViewerStyles(pageErrors);
  const tag = uniqueTag()
    .replace(/[^a-z]/g, '')
    .slice(-6);
  await waitingProfessional(request, 'Kwaku', `Firstinline${tag}`);
  await waitingProfessional(request, 'Akosua', `Secondinline${tag}`);
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Verification' }).click();

  const queue = page.getByRole('list', { name: 'Professionals waiting for verification, longest waiting first' });
  const firstItem = queue
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Kwaku Firstinline${tag}` }) });
  const secondItem = queue
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Akosua Secondinline${tag}` }) });
  await expect(firstItem).toBeVisible();
  const names = await queue.getByRole('heading').allInnerTexts();
  expect(names.indexOf(`Kwaku Firstinline${tag}`)).toBeLessThan(names.indexOf(`Akosua Secondinline${tag}`));
  const firstDocs = firstItem.getByRole('list', { name: `Documents of Kwaku Firstinline${tag}` }).getByRole('listitem');
  await expect(firstDocs).toHaveCount(2);
  for (const doc of await firstDocs.all()) await expect(doc).toContainText('Not opened yet');

  // Review opens the professional on their Verification tab; opening a document is recorded.
  await firstItem.getByRole('button', { name: `Review Kwaku Firstinline${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Kwaku Firstinline${tag}` });
  await expect(dialog.getByRole('tab', { name: 'Verification' })).toHaveAttribute('aria-selected', 'true');
  const opened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Open Ghana Card (ghana-card.png)' }).click();
  await (await opened).close();
  const documents = dialog.getByRole('table', { name: 'Documents uploaded' });
  await expect(documents.getByRole('row', { name: /Ghana Card/ })).toContainText(
    /Opened by e2e-admin on \d{1,2} \w{3} \d{4}, \d\d:\d\d/,
  );
  await expect(documents.getByRole('row', { name: /Trade certificate/ })).toContainText('Not opened yet');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(firstItem.getByRole('button', { name: `Review Kwaku Firstinline${tag}` })).toBeFocused();

  await expect(firstDocs.filter({ hasText: 'Ghana Card' })).toContainText(
    /Opened by e2e-admin on \d{1,2} \w{3} \d{4}, \d\d:\d\d/,
  );
  await expect(firstDocs.filter({ hasText: 'Trade certificate' })).toContainText('Not opened yet');
  await expect(secondItem.getByText('Not opened yet')).toHaveCount(2);

  // Nobody waiting: said in words.
  await page.route('**/api/admin/verification-queue?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, total: 0, page: 1, pageSize: 20, professionals: [] }),
    }),
  );
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(page.getByText('No professionals are waiting for verification.')).toBeVisible();
});

test('the Activity tab reads every administrator action as a sentence naming the account, filters by kind, shows more, and says when it cannot load', async ({
  page,
  request,
}) => {
  const user = await createPaidAccount(request, { firstName: 'Efua', lastName: 'Activity' });
  const headers = await adminHeaders(request);
  const setStatus = async (status: 'active' | 'suspended') =>
    expect((await request.put(`/api/admin/users/${user.user.id}/status`, { headers, data: { status } })).ok()).toBe(
      true,
    );
  // More than one page (25) of actions on this account.
  for (let i = 0; i < 14; i++) {
    await setStatus('suspended');
    await setStatus('active');
  }
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Activity' }).click();
  const list = page.getByRole('list', { name: 'Administrator actions, newest first' });
  const items = list.locator(':scope > li');
  await expect(items.first()).toHaveText(
    /^\d{1,2} \w{3} \d{4}, \d\d:\d\d — e2e-admin activated the account of Efua Activity \(was suspended\)\.$/,
  );
  await expect(items.nth(1)).toContainText('e2e-admin suspended the account of Efua Activity (was active).');
  await expect(items).toHaveCount(25);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(items.nth(25)).toBeFocused();
  expect(await items.count()).toBeGreaterThan(25);
  const texts = await items.allInnerTexts();
  expect(texts.filter((t) => t.includes('Efua Activity')).length).toBeGreaterThanOrEqual(28);

  // One kind of action only.
  await page.getByLabel('Kind of action').selectOption({ label: 'Suspensions' });
  await expect(items.first()).toContainText('suspended the account of Efua Activity (was active).');
  for (const text of await items.allInnerTexts()) expect(text).toMatch(/ suspended the account/);

  // The account's name opens it.
  await items.first().getByRole('button', { name: 'Efua Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Efua Activity' });
  await dialog.getByRole('tab', { name: 'Activity' }).click();
  await expect(
    dialog.getByRole('list', { name: 'Administrator actions on Efua Activity' }).locator(':scope > li').first(),
  ).toContainText('e2e-admin activated the account (was suspended).');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Nothing of a kind, and a list that cannot load: each said in words.
  await page.route('**/api/admin/activity?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, entries: [], nextCursor: null }),
    }),
  );
  await page.getByLabel('Kind of action').selectOption({ label: 'Verifications rejected' });
  await expect(page.getByText('No administrator actions of this kind yet.')).toBeVisible();
  await page.unroute('**/api/admin/activity?*');
  await page.route('**/api/admin/activity?*', (route) => route.abort('internetdisconnected'));
  // A kind not read yet (one already shown keeps its rows offline: docs/PRODUCT.md "Working offline").
  await page.getByLabel('Kind of action').selectOption({ label: 'Activations' });
  const failure = page.getByRole('alert').filter({ hasText: OFFLINE_WORDS.notLoaded });
  await expect(failure).toBeVisible();
  await page.unroute('**/api/admin/activity?*');
  await failure.getByRole('button', { name: 'Try Again' }).click();
  await expect(items.first()).toContainText('e2e-admin');
});

test('on a wide screen the console uses the width, and its tables are not cut', async ({ page, request }) => {
  await createPaidAccount(request, { firstName: 'Wide', lastName: 'Screen' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(page.getByRole('table', { name: 'Customers and professionals' })).toBeVisible();
  expect((await panel.boundingBox())!.width).toBeGreaterThan(1000);
  const region = page.getByRole('region', { name: 'Customers and professionals' });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a table is a card per row: each value beside its column’s name, nothing to scroll sideways', async ({
    page,
    request,
  }) => {
    const customer = await createPaidAccount(request, { firstName: 'Akua', lastName: 'Stacked' });
    await signInAdmin(page);
    await findUser(page, customer.email);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    const table = page.getByRole('table', { name: /^Users matching/ });
    const row = table.getByRole('row', { name: /Akua Stacked/ });
    // Still a table to a screen reader: the row, its header cell and its cells by role.
    await expect(row.getByRole('rowheader')).toContainText('Akua Stacked');
    const email = row.getByRole('cell').filter({ hasText: customer.email });
    await expect(email).toBeVisible();
    // On screen, the column's name stands beside the value, inside the phone's width.
    expect(await email.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Contact');
    const box = (await row.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeGreaterThan(150);
    const region = page.getByRole('region', { name: /^Users matching/ });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot(page, 'admin-users-stacked');
    // Its buttons act on that row and are whole on the screen.
    const suspend = row.getByRole('button', { name: 'Suspend Akua Stacked', exact: true });
    const button = (await suspend.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
  });

  test('every admin tab, the confirmations and the dialogs fit, with long names', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag()
      .replace(/[^a-z]/g, '')
      .slice(-6);
    const long = { firstName: 'Oforiwaa-Adwoa', lastName: `Amponsah-Boatengmensah${tag}` };
    const name = `${long.firstName} ${long.lastName}`;
    const email = `admin-console.oforiwaa.amponsah-boatengmensah.${uniqueTag()}@example-company-ghana.com`;
    const customer = await createPaidAccount(request, { ...long, email });
    await waitingProfessional(request, long.firstName, `${long.lastName}pro`, {
      card: 'ghana-card-front-and-back-scanned-at-the-office-2026.png',
      certificate: 'national-vocational-training-institute-certificate-electrical.pdf',
    });
    const affiliate = await signUpAffiliate(request, long.firstName, `${long.lastName}aff`);
    await creditAffiliate(request, affiliate.email);
    expect(
      (
        await request.post('/api/affiliate/payouts', { headers: { Authorization: `Bearer ${affiliate.token}` } })
      ).status(),
    ).toBe(201);
    const headers = await adminHeaders(request);
    await request.put(`/api/admin/users/${customer.user.id}/status`, { headers, data: { status: 'suspended' } });
    await request.put(`/api/admin/users/${customer.user.id}/status`, { headers, data: { status: 'active' } });

    await signInAdmin(page);
    const problems: string[] = [];
    const measure = async (where: string) => {
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      for (const problem of await overflows(page)) problems.push(`${where}: ${problem}`);
    };
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    for (const tab of (await tabs.allInnerTexts()).map((t) => t.trim())) {
      await tabs.filter({ hasText: tab }).click();
      await expect(tabs.filter({ hasText: tab })).toHaveAttribute('aria-selected', 'true');
      await measure(`tab ${tab}`);
    }

    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('list', { name: 'Administrator actions, newest first' })).toContainText(name);
    await measure('Activity with a long name');

    await page.getByRole('tab', { name: 'Verification' }).click();
    await expect(page.getByRole('heading', { name: `${long.firstName} ${long.lastName}pro` })).toBeVisible();
    await measure('Verification queue with long names and file names');
    await page.getByRole('button', { name: `Review ${long.firstName} ${long.lastName}pro` }).click();
    await expect(page.getByRole('table', { name: 'Documents uploaded' })).toBeVisible();
    await measure('user dialog, Verification');
    await page.keyboard.press('Escape');

    await findUser(page, email);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await page.getByRole('button', { name: `Suspend ${name}`, exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: `Suspend ${name}?` })).toBeVisible();
    await measure('Suspend confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    for (const tab of (await dialog.getByRole('tab').allInnerTexts()).map((t) => t.trim())) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await measure(`user dialog ${tab}`);
    }
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByRole('searchbox', { name: 'Search payouts' }).fill(`${long.lastName}aff`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const payout = page.getByRole('row', { name: new RegExp(`${long.lastName}aff`) });
    await payout.getByRole('button', { name: /^Approve payout/ }).click();
    await expect(page.getByRole('alertdialog', { name: /^Approve ₵/ })).toContainText(
      `${long.firstName} ${long.lastName}aff`,
    );
    await measure('Approve confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await payout.getByRole('button', { name: /^Reject payout/ }).click();
    await expect(page.getByRole('alertdialog', { name: /^Reject ₵/ })).toBeVisible();
    await measure('Reject confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  });
});
