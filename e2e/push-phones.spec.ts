import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { PushDevices } from '../contract/push.ts';
import { fakePhone } from '../api/test/push-phone.ts';
import { LOCAL_PUSH_PATH } from '../api/src/features/dev/push-service.ts';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { overflows, PHONE, smallTargets } from './fixtures/phone.ts';
import { fakePushService } from './fixtures/push.ts';
import { shot } from './fixtures/shots.ts';

// docs/PRODUCT.md "Notifications on the phone", on a 360 px phone: Profile lists the account's other
// phones by name, with when each was turned on and last used, and removes a lost one; the Sign out
// on /signin ends this phone's notifications too. The phones' push addresses are the server's own
// push service (the only one it sends to outside production); this browser's PushManager is faked
// (fixtures/push.ts).

test.use({ viewport: PHONE });

const channel = () => `${LOCAL_PUSH_PATH}/e2e-${randomBytes(8).toString('hex')}`;

const phonesOf = async (request: APIRequestContext, token: string) =>
  (
    (await (
      await request.get('/api/push/devices', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as PushDevices
  ).devices.map((d) => d.device);

test('Profile lists the other phones by name and removes a lost one; Sign out on /signin ends this phone’s notifications', async ({
  page,
  request,
  baseURL,
}) => {
  const thisPhone = fakePhone(`${baseURL}${channel()}`);
  await fakePushService(page.context(), thisPhone.subscription);
  const account = await createPaidAccount(request, { firstName: 'Abena', lastName: 'Phones' });
  // Two phones turned on elsewhere, each from its own sign-in.
  const elsewhere: string[] = [];
  for (const device of ['Chrome on Android', 'Samsung Internet on Android']) {
    const { token } = await login(request, account);
    elsewhere.push(token);
    const on = await request.post('/api/push/subscriptions', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...fakePhone(`${baseURL}${channel()}`).subscription, device },
    });
    expect(on.status(), await on.text()).toBe(201);
  }

  const session = await login(request, account);
  await useSession(page, session);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const settings = page.getByRole('region', { name: 'Notifications on this phone' });
  await settings.getByRole('checkbox', { name: 'Notifications on this phone' }).check();
  await expect(page.getByText('Notifications are on for this phone.')).toBeVisible();
  await expect(settings.getByRole('checkbox', { name: 'Notifications on this phone' })).toBeEnabled();
  await expect(settings.getByRole('checkbox', { name: 'Notifications on this phone' })).toBeChecked();

  const others = settings.getByRole('list', { name: 'Other phones with notifications from this account' });
  await expect(others.getByRole('listitem')).toHaveCount(2);
  await expect(others.getByRole('listitem').nth(0)).toContainText('Chrome on Android');
  await expect(others.getByRole('listitem').nth(1)).toContainText('Samsung Internet on Android');
  await expect(others.getByRole('listitem').nth(0)).toContainText(
    /Added \d{1,2} \w{3} \d{4}, last used \d{1,2} \w{3} \d{4}/,
  );
  // The toast goes, so the screenshot shows both phones.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Notifications are on for this phone.')).toHaveCount(0);
  await others.evaluate((list) => list.scrollIntoView({ block: 'center' }));
  expect(await overflows(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'push-phones-profile', { fullPage: false });

  // The Samsung was lost: removed, it gets nothing more; focus stays in the list.
  const remove = others.getByRole('button', { name: /^Remove Samsung Internet on Android \(added / });
  await remove.click();
  await expect(page.getByText('That phone no longer gets notifications from this account.')).toBeVisible();
  await expect(others.getByRole('listitem')).toHaveCount(1);
  await expect(others.getByRole('button', { name: /^Remove Chrome on Android/ })).toBeFocused();
  expect(await phonesOf(request, session.token)).toEqual(['Chrome on Android', expect.stringMatching(/^Chrome on /)]);

  // Sign out on /signin: this phone stops getting the account's notifications.
  await page.goto('/signin');
  const forgotten = page.waitForRequest(
    (r) => r.method() === 'DELETE' && new URL(r.url()).pathname === '/api/push/subscriptions',
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await forgotten).postDataJSON()).toEqual({ endpoint: thisPhone.subscription.endpoint });
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect.poll(() => phonesOf(request, elsewhere[0])).toEqual(['Chrome on Android']);
});
