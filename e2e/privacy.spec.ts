import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';

// Privacy: "a signed-in user can download their own data as JSON from their profile".
test('a customer downloads their own data as JSON from the Profile tab', async ({ page, request }) => {
  const account = await createPaidAccount(request, { firstName: 'Efua', lastName: 'Owner' });
  await useSession(page, await login(request, account));
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();

  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toContainText('Other people appear by name only');
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(card.getByRole('status')).toHaveText(`Downloaded ${download.suggestedFilename()}`);

  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({
    accountType: 'customer',
    firstName: 'Efua',
    lastName: 'Owner',
    email: account.email,
  });
  expect(JSON.stringify(data)).not.toMatch(/password_hash|token_hash|\$argon2/);
});

test('when the session has ended, the download says so instead of saving a file', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/events/ticket', 'the live stream asks again and is refused: the session ended');
  pageErrors.allowFailedLoad(401, '/api/auth/verify', 'the page then checks its session, which the server refuses');
  pageErrors.allowFailedLoad(401, '/api/me/export', 'the download this test asks for after the session ended');
  pageErrors.allowFailedLoad(
    401,
    '/api/push/devices',
    'the phones card beside it may read its list after the sign-out',
  );
  const account = await createPaidAccount(request);
  const session = await login(request, account);
  await useSession(page, session);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  // Signed out elsewhere: the stored token no longer opens anything.
  expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${session.token}` } })).ok()).toBe(
    true,
  );

  // The page hears of it (docs/PRODUCT.md "Signing in and sessions") and stays where it is.
  await expect(page.getByRole('alert', { name: 'Session ended' })).toContainText(
    'Your session has ended. Please sign in again.',
  );
  await expect(page).toHaveURL(/\/customer-dashboard\?tab=profile$/);

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await card.getByRole('button', { name: 'Download my data' }).click();
  await expect(card.getByRole('alert')).toHaveText('Your session has ended. Please sign in again.');
  await expect(card.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  expect(downloads).toEqual([]);
});
