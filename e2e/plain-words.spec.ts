import { expect, test } from './fixtures/test.ts';
import { OFFLINE_WORDS } from '../contract/connection.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import { acceptedPlumbing } from './fixtures/bookings.ts';

// "No dead ends" and "Plain words": what a person on a phone with a weak connection
// reads when something fails, and what links into sign-up carry.

test('a chat message typed offline is kept, shown as waiting, and sent when the phone is back online', async ({
  page,
  request,
}) => {
  const { pro, customer, booking } = await acceptedPlumbing(request, {
    pro: { firstName: 'Kwame', lastName: 'Offline' },
    customer: { firstName: 'Ama', lastName: 'Signal' },
  });

  await useSession(page, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const card = page.getByRole('article', { name: 'Plumber with Kwame Offline' });
  await card.getByRole('button', { name: 'Message' }).click();
  const chat = card.getByRole('region', { name: 'Chat with Kwame Offline' });
  await expect(chat.getByText('No messages yet. Say hello!')).toBeVisible();

  await page.context().setOffline(true);
  await chat.getByRole('textbox', { name: 'Message Kwame Offline' }).fill('Please bring a ladder.');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert')).toHaveText(OFFLINE_WORDS.willSend);
  const waiting = chat.getByRole('log').getByRole('listitem').filter({ hasText: 'Please bring a ladder.' });
  await expect(waiting).toContainText('Waiting to send');
  await expect(chat.getByText(/failed to fetch/i)).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(waiting).not.toContainText('Waiting to send');
  await expect(chat.getByRole('alert')).toHaveCount(0);
  // It reached the professional, once.
  const seen = await request.get(`/api/bookings/${booking.id}/messages`, {
    headers: { Authorization: `Bearer ${pro.token}` },
  });
  const { messages } = (await seen.json()) as { messages: { body: string }[] };
  expect(messages.map((m) => m.body)).toEqual(['Please bring a ladder.']);
});

test('the landing page and pricing carry the chosen plan into sign-up, which opens on the account step', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Join as Professional' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();

  await page.goto('/');
  await page
    .getByRole('region', { name: 'Simple monthly pricing' })
    .getByRole('link', { name: /Customer/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /^Customer/ })).toBeChecked();
});

test('a ?ref= link says the code was applied, a typed code can be corrected, and an unknown code is refused by its field', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(400, '/api/signup', 'the unknown referrer code this test types is refused');
  const affiliate = await signUpAffiliate(request, 'Esi', 'Linkshare');
  await page.goto(`/signup?plan=customer&ref=${affiliate.affiliate.referrerCode}`);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Referrer code ${affiliate.affiliate.referrerCode} applied from your invitation link.` }),
  ).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Referrer Code (optional)' });
  await expect(code).toHaveValue(affiliate.affiliate.referrerCode);

  // Someone types a wrong code instead: the whole sign-up is kept, and the field says what to do.
  await code.fill('SEAFFWRONG9');
  await expect(page.getByText(/applied from your invitation link/)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Yaw');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Invited');
  await page.getByRole('textbox', { name: 'Email Address' }).fill(`yaw.invited.${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(`024${String(Date.now()).slice(-7)}`);
  await page.getByLabel(/^Password/).fill('Passw0rd-e2e');
  await page.getByLabel('Confirm Password').fill('Passw0rd-e2e');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription(/We could not find that referrer code/);
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Yaw');

  await code.fill(affiliate.affiliate.referrerCode.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Sandbox checkout' })).toBeVisible();
});

test('distances from a city centre say "about", one mile is "1 mile", and a professional without a city shows Ghana', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36).replace(/\d/g, '');
  await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Cook',
    location: 'Accra',
    firstName: 'Citycentre',
    lastName: `Cook${tag}`,
  });
  await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Cook',
    location: '',
    firstName: 'Nocity',
    lastName: `Cook${tag}`,
  });
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Adwoa', lastName: 'Nogps' }));
  await useSession(page, customer); // no location permission: the search uses Accra's centre
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Find Services' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Distances are measured from the centre of Accra, so they are approximate.' }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or profession' }).fill(`Cook${tag}`);
  const city = page.getByRole('article', { name: `Citycentre Cook${tag}` });
  await expect(city).toContainText(/· within about a mile · Accra/);
  const nowhere = page.getByRole('article', { name: `Nocity Cook${tag}` });
  await expect(nowhere).toContainText('· Ghana');
  await expect(nowhere).not.toContainText('miles');
});

test('/payment-test says "Payment successful! Reference: …" after a sandbox payment, and "Payment error: …" when it fails', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(503, '/api/payments/test-intent', 'this test pauses payments');
  await page.goto('/payment-test');
  const pay = page.getByRole('button', { name: 'Pay ₵10 (test)' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  const reference = (await checkout.locator('dd').last().innerText()).trim();
  await checkout.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText(`Payment successful! Reference: ${reference}`)).toBeVisible();

  await page.route('**/api/payments/test-intent', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Payments are paused for maintenance.' }),
    }),
  );
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment error:' })).toHaveText(
    'Payment error: Payments are paused for maintenance.',
  );
});
