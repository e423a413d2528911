import { expect, test } from './fixtures/test.ts';
import type { Browser, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { bookFirstSlot, openJobs } from './fixtures/bookings.ts';
import { PHONE, overflows } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// The job's record on both phones (docs/PRODUCT.md "Bookings"): what each party reads about a
// request's answer, a declined request's reason, and whose turn it is.

async function phonePage(browser: Browser, session: Pick<LoginResponse, 'token' | 'user'>): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await useSession(page, session);
  return page;
}

const fits = async (page: Page) => expect(await overflows(page)).toEqual([]);

async function plumberAndCustomer(
  request: Parameters<typeof createPaidAccount>[0],
  pro: { firstName: string; lastName: string },
  customer: { firstName: string; lastName: string },
) {
  return {
    pro: await login(
      request,
      await createPaidAccount(request, { userType: 'professional', profession: 'Plumber', ...pro }),
    ),
    customer: await login(request, await createPaidAccount(request, customer)),
  };
}

test('Decline asks first, with an optional reason the customer reads; Accept stays one tap', async ({
  browser,
  request,
}) => {
  const { pro, customer } = await plumberAndCustomer(
    request,
    { firstName: 'Ekow', lastName: 'Quaye' },
    { firstName: 'Akua', lastName: 'Sarpong' },
  );
  await bookFirstSlot(request, customer, pro.user.id, 0);
  await bookFirstSlot(request, customer, pro.user.id, 1);

  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'Pending');
  const jobs = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: 'Akua Sarpong' }) });
  await expect(jobs).toHaveCount(2);
  // Decline: a question first, which keeps the request when put away.
  await jobs.first().getByRole('button', { name: 'Decline' }).click();
  const question = jobs.first().getByRole('group', { name: 'Confirm declining the request' });
  await expect(question).toBeFocused();
  await expect(question).toContainText(/^Decline Akua Sarpong's request for .+\? The time is free again/);
  await question.getByRole('button', { name: 'Keep the request' }).click();
  await expect(question).toHaveCount(0);
  await expect(jobs).toHaveCount(2);
  await jobs.first().getByRole('button', { name: 'Decline' }).click();
  await question.getByLabel('Reason for Akua Sarpong (optional)').fill('I am at a site in Tema all that day.');
  await fits(proPage);
  await shot(proPage, 'professional-decline-question');
  await question.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(proPage.getByRole('status').filter({ hasText: 'Job request declined.' })).toBeVisible();
  await expect(jobs).toHaveCount(1);
  // Accept is one tap.
  await jobs.first().getByRole('button', { name: 'Accept' }).click();
  await expect(proPage.getByRole('status').filter({ hasText: 'Job accepted.' })).toBeVisible();

  const customerPage = await phonePage(browser, customer);
  await customerPage.goto('/customer-dashboard');
  await customerPage.getByRole('tab', { name: 'My Bookings' }).click();
  const declined = customerPage
    .getByRole('article', { name: 'Plumber with Ekow Quaye' })
    .filter({ hasText: 'declined this request' });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(
    declined.getByText('Ekow Quaye declined this request: “I am at a site in Tema all that day.”'),
  ).toBeVisible();
  await fits(customerPage);
  await shot(customerPage, 'customer-declined-with-reason');
});
