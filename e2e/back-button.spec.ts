import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { PHONE } from './fixtures/phone.ts';

// The phone's Back closes an open dialog instead of leaving the dashboard, and a
// dashboard's tabs are history entries (Back returns to the tab before; the address opens a tab).

/** A customer signed in on a phone, and a professional named `firstName` to book. */
async function customerWithProfessional(page: Page, request: APIRequestContext, firstName: string) {
  await page.setViewportSize(PHONE);
  const pro = await createPaidAccount(request, { userType: 'professional', profession: 'Plumber', firstName });
  await useSession(
    page,
    await login(request, await createPaidAccount(request, { firstName: 'Esi', lastName: 'Backs' })),
  );
  return pro;
}

test('Back closes the booking dialog, then steps back through the tabs, and only then leaves', async ({
  page,
  request,
}) => {
  const pro = await customerWithProfessional(page, request, 'Kojo');
  await page.goto('/support');
  // Chosen on the public page before signing in: the dashboard opens on Find Services with the dialog.
  await page.goto(`/customer-dashboard?book=${pro.user.id}`);
  const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
  const dialog = page.getByRole('dialog', { name: /^Book Kojo/ });
  await expect(dialog).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Find Services' })).toHaveAttribute('aria-selected', 'true');

  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/customer-dashboard\?tab=find$/);

  // Tabs: each one chosen is an entry; Back and Forward move between them.
  await tabs.getByRole('tab', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\?tab=bookings$/);
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Find Services' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(tabs.getByRole('tab', { name: 'My Bookings' })).toHaveAttribute('aria-selected', 'true');
  // The address opens its tab (a reload, or a link someone shared).
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'My Bookings' })).toHaveAttribute('aria-selected', 'true');

  // A dialog closed by its own button leaves no entry behind: the next Back goes to the tab before.
  await tabs.getByRole('tab', { name: 'Find Services' }).click();
  await page
    .getByRole('button', { name: /^Book /, exact: false })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /^Book / })).toBeVisible();
  await page
    .getByRole('dialog', { name: /^Book / })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('dialog', { name: /^Book / })).toHaveCount(0);
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'My Bookings' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Find Services' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/support$/);
});

// The booking chosen before sign-in is read beside the customer's record; whichever answers first,
// Overview lies under Find Services, so Back walks Find, Overview and then leaves.
for (const first of ['record', 'professional'] as const) {
  test(`Back from a booking chosen before sign-in reaches Overview when the ${first} answers first`, async ({
    page,
    request,
  }) => {
    const pro = await customerWithProfessional(page, request, 'Yaw');
    const isPro = (url: URL) => url.pathname === `/api/professionals/${pro.user.id}`;
    if (first === 'record') {
      // The professional's first read is held until the dashboard shows Overview.
      await page.route(
        isPro,
        async (route) => {
          await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
          await route.continue();
        },
        { times: 1 },
      );
    } else {
      // The record is held until the professional's answer has reached the page.
      const proAnswered = page.waitForResponse((response) => isPro(new URL(response.url())));
      await page.route(
        (url) => url.pathname.startsWith('/api/customer-data/'),
        async (route) => {
          await proAnswered;
          await route.continue();
        },
      );
    }
    await page.goto('/support');
    await page.goto(`/customer-dashboard?book=${pro.user.id}`);
    const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
    await expect(page.getByRole('dialog', { name: /^Book Yaw/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog', { name: /^Book Yaw/ })).toHaveCount(0);
    await expect(tabs.getByRole('tab', { name: 'Find Services' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/customer-dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/support$/);
  });
}

test('the professional dashboard opens the tab its address names, and Back returns to the one before', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const pro = await createPaidAccount(request, { userType: 'professional', profession: 'Cook', firstName: 'Araba' });
  await useSession(page, await login(request, pro));
  await page.goto('/professional-dashboard?tab=earnings');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(tabs.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Job Requests' }).click();
  await expect(page).toHaveURL(/\?tab=jobs$/);
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=earnings$/);
  // An address naming no tab, or one that is not there, shows the first.
  await page.goto('/professional-dashboard?tab=nonsense');
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
});

test('the admin console’s tabs are history entries too, and Back closes an account’s dialog', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const customer = await createPaidAccount(request, { firstName: 'Adjoa', lastName: 'Backstep' });
  await signInAdmin(page);
  await page.goto('/admin/dashboard?tab=payouts');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=users$/);

  await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Adjoa Backstep', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjoa Backstep' });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(tabs.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');

  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=payouts$/);
  await page.goForward();
  await expect(tabs.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
});
