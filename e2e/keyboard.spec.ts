import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import { FORGOT_PASSWORD_ANSWER } from '../contract/accounts.ts';
import { ADMIN_MESSAGES } from '../contract/admin.ts';
import type { Booking } from '../contract/bookings.ts';
import { eventTicket } from '../contract/events.ts';
import { VERIFICATION_MESSAGES } from '../contract/verification.ts';
import {
  allowUnpaidSignIn,
  createPaidAccount,
  createPendingAccount,
  login,
  useSession,
  uniquePhone,
  uniqueTag,
} from './fixtures/accounts.ts';
import { ADMIN, allowImageViewerStyles } from './fixtures/admin.ts';
import { affiliateWithPayout, creditAffiliate, signUpAffiliate } from './fixtures/affiliates.ts';
import { bookFirstSlot, passSlotStart } from './fixtures/bookings.ts';
import { resetServerClockAfterEach } from './fixtures/clock.ts';
import { chooseOption, chooseRadio, chooseTab, press, tabTo, typeInto } from './fixtures/keyboard.ts';

// Accessibility: "every journey of the e2e suite possible by keyboard alone".
// Each journey of the other specs again, worked only with Tab, Shift+Tab, Enter, Space, Escape, the
// arrow keys and typing (e2e/fixtures/keyboard.ts): nothing is clicked, filled or focused by the
// test. Set-up that is not the journey (accounts, the test clock) goes through the API as there.

resetServerClockAfterEach(); // passSlotStart moves the server's clock

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('sign-up: a professional chooses the plan, fills the three steps, picks a picture, pays in the sandbox checkout', async ({
  page,
}) => {
  const email = `kb-signup-${uniqueTag()}@example.com`;
  await page.goto('/signup');
  const wizard = page.getByRole('form', { name: /Step \d of 3/ });

  await chooseRadio(page, page.getByRole('radio', { name: /^Professional/ }));
  await press(page, page.getByRole('button', { name: 'Continue' }));

  // Each step moves focus to its heading, so Tab carries on from the top of the new step.
  await expect(wizard.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeFocused();
  await typeInto(page, wizard.getByLabel('First Name'), 'Kwame', { max: 3 });
  await typeInto(page, wizard.getByLabel('Last Name'), 'Keys', { max: 1 });
  await typeInto(page, wizard.getByLabel('Email Address'), email, { max: 1 });
  await typeInto(page, wizard.getByLabel('Phone Number'), uniquePhone(), { max: 1 });
  await typeInto(page, wizard.getByLabel(/^Password/), 'GoodPass123', { max: 1 });
  await typeInto(page, wizard.getByLabel('Confirm Password'), 'GoodPass123', { max: 1 });
  // Enter in a field submits the step, as in any form.
  await page.keyboard.press('Enter');

  await expect(wizard.getByRole('heading', { name: 'Step 3 of 3: Profile details' })).toBeFocused();
  await chooseOption(page, wizard.getByLabel('City'), 'Accra');
  await chooseOption(page, wizard.getByLabel('Profession'), 'Electrician');
  await typeInto(page, wizard.getByLabel('Local Address & Service Area'), 'East Legon, Accra – within about 5 miles');
  await typeInto(page, wizard.getByLabel('About Your Services'), 'Wiring, repairs and installations.');
  // The file input opens the system's file chooser from the keyboard (Space).
  await tabTo(page, wizard.getByLabel('Profile Picture'));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(wizard.getByText('Chosen: me.png')).toBeVisible();
  await press(page, wizard.getByRole('checkbox', { name: /I agree to the Terms of Service/ }), 'Space');
  await press(page, wizard.getByRole('button', { name: 'Complete Registration & Pay' }));

  // The checkout opens with focus on Approve; Escape cancels and focus goes to the payment error.
  let checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(checkout).toBeHidden();
  const paymentError = page.getByRole('alert').filter({ hasText: 'Payment Error:' });
  await expect(paymentError).toBeFocused();
  await press(page, paymentError.getByRole('button', { name: 'Try Again' }), 'Enter', { max: 3 });
  checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('₵27');
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'Registration complete!' })).toBeFocused();
  await press(page, page.getByRole('link', { name: 'Go to Dashboard' }), 'Enter', { max: 2 });
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Professional Dashboard' })).toBeVisible();
});

test('affiliate sign-up: the form, the payout method, the terms, Copy and the dashboard link', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/affiliate-signup');
  const form = page.getByRole('form', { name: 'Your details' });
  await typeInto(page, form.getByLabel('First Name'), 'Yaw', { max: 40 });
  await typeInto(page, form.getByLabel('Last Name'), 'Keys');
  await typeInto(page, form.getByLabel('Email Address'), `kb-affiliate-${uniqueTag()}@example.com`);
  await typeInto(page, form.getByLabel('Phone Number'), uniquePhone());
  await typeInto(page, form.getByLabel(/^Password/), 'GoodPass123');
  await chooseOption(page, form.getByLabel('City'), 'Tamale');
  await chooseRadio(page, form.getByRole('radio', { name: 'Mobile Money' }));
  await typeInto(page, form.getByLabel('Mobile Money Number'), '0551234987');
  await press(page, form.getByRole('checkbox', { name: /I agree to the Affiliate Terms/ }), 'Space');
  await press(page, form.getByRole('button', { name: 'Join Affiliate Program' }));

  await expect(page.getByRole('heading', { name: 'Welcome to the Affiliate Program, Yaw!' })).toBeFocused();
  const code = (await page.locator('.wizard-code code').textContent())!.trim();
  await press(page, page.getByRole('button', { name: 'Copy' }));
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await press(page, page.getByRole('link', { name: 'Go to Affiliate Dashboard' }));
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
});

test('sign-in by phone with the password shown, then sign-out from the account menu', async ({ page, request }) => {
  const account = await createPaidAccount(request, { firstName: 'Abena', lastName: 'Keys' });
  await page.goto('/signin');
  await chooseRadio(page, page.getByRole('radio', { name: 'Customer' }));
  await chooseRadio(page, page.getByRole('radio', { name: 'Phone' }));
  await typeInto(page, page.getByLabel('Phone number'), account.phone);
  const password = page.getByLabel('Password', { exact: true });
  await typeInto(page, password, account.password);
  await press(page, page.getByRole('button', { name: 'Show password' }));
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
  await press(page, page.getByRole('button', { name: 'Sign In', exact: true }));

  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByText(`Signed in as Abena Keys (${account.email}) — customer account`)).toBeVisible();
  const menu = page.getByRole('button', { name: 'Abena account menu' });
  await press(page, menu, 'Enter', { max: 40 });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  // Escape closes the menu and keeps focus on its button; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  // The menu: Profile, My Bookings, Analytics, General dashboard, Sign out.
  await press(page, page.getByRole('button', { name: 'Sign out' }), 'Enter', { max: 5 });
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign-in of an unpaid account: the payment offer, a cancelled checkout, then the payment', async ({
  page,
  request,
  pageErrors,
}) => {
  allowUnpaidSignIn(pageErrors);
  const account = await createPendingAccount(request, { firstName: 'Yaa' });
  await page.goto('/signin');
  await typeInto(page, page.getByRole('textbox', { name: 'Email' }), account.email, { max: 40 });
  await typeInto(page, page.getByLabel('Password', { exact: true }), account.password);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment required' }) });
  await expect(panel.getByRole('heading', { name: 'Payment required' })).toBeFocused();
  const pay = panel.getByRole('button', { name: 'Complete Payment' });
  await press(page, pay);
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toContainText('Payment was cancelled');
  // Complete Payment was disabled while the checkout was open: focus is back on it.
  await expect(pay).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test('password reset: forgot-password link, the dev mailbox, the reset form, sign in with the new password', async ({
  page,
  request,
}) => {
  const account = await createPaidAccount(request, { firstName: 'Esi' });
  const newPassword = 'N3w-passw0rd-kb';
  await page.goto('/signin');
  await press(page, page.getByRole('link', { name: 'Forgot password?' }));
  await expect(page).toHaveURL(/\/forgot-password$/);
  await typeInto(page, page.getByRole('textbox', { name: 'Email' }), account.email);
  await page.keyboard.press('Enter');
  const answer = page.getByRole('status').filter({ hasText: FORGOT_PASSWORD_ANSWER });
  await expect(answer.getByRole('heading', { name: 'Check your messages' })).toBeFocused();
  await press(page, answer.getByRole('link', { name: 'dev mailbox' }), 'Enter', { max: 2 });

  await expect(page).toHaveURL(/\/dev-mailbox$/);
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To ${account.email}` })
    .filter({ hasText: 'Reset your password' });
  await press(page, mail.getByRole('link', { name: /\/reset-password\?token=/ }), 'Enter', { max: 60 });
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await typeInto(page, page.getByLabel('New password', { exact: true }), newPassword);
  await typeInto(page, page.getByLabel('Confirm new password'), newPassword);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await press(page, page.getByRole('link', { name: 'Sign in with your new password' }));

  await expect(page).toHaveURL(/\/signin$/);
  await typeInto(page, page.getByRole('textbox', { name: 'Email' }), account.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), newPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test('support form: every field, the selects, Send, and the answer where the form was', async ({ page }) => {
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact support' });
  await typeInto(page, form.getByLabel('Name'), 'Ama Keys', { max: 40 });
  await typeInto(page, form.getByLabel('Email'), 'ama@example.com');
  await typeInto(page, form.getByLabel('Phone'), '0241234567');
  await chooseOption(page, form.getByLabel('I am a'), 'Customer');
  await chooseOption(page, form.getByLabel('Category'), 'Payment');
  await typeInto(page, form.getByLabel('Subject'), 'Payment not showing');
  await typeInto(page, form.getByLabel('Message'), 'I paid with MTN MoMo this morning but my plan is not active yet.');
  await press(page, form.getByRole('button', { name: 'Send Message' }));
  // The answer takes the focus, so the keyboard carries on from it.
  const answer = page.getByRole('heading', { name: 'Message Sent Successfully!' });
  await expect(answer).toBeFocused();
  await expect(page.getByRole('status').filter({ has: answer })).toContainText(/Your reference: SUP-\S+/);
});

test.describe('the customer, with location granted in Accra', () => {
  test.use({ geolocation: { latitude: 5.6037, longitude: -0.187 }, permissions: ['geolocation'] });

  test('marketplace: search, save, book with a negotiated rate, chat, and review after the job', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const lastName = `Keyworks${uniqueTag()
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const proName = `Kwabena ${lastName}`;
    const plumber = await createPaidAccount(request, {
      userType: 'professional',
      profession: 'Plumber',
      firstName: 'Kwabena',
      lastName,
      location: 'Accra',
      baseRate: 30,
      maxRate: 50,
      rateNegotiable: true,
    });
    const customer = await createPaidAccount(request, { firstName: 'Akosua', lastName: 'Keys' });
    await useSession(page, await login(request, customer));
    const pro = await login(request, plumber);

    await page.goto('/customer-dashboard');
    const tabs = page.getByRole('tablist', { name: 'Customer dashboard' });
    await chooseTab(page, tabs.getByRole('tab', { name: 'Find Services' }), { max: 40 });
    await chooseOption(page, page.getByLabel('Category'), 'Plumber');
    await typeInto(page, page.getByLabel('Search by name or profession'), lastName, { back: true });
    const card = page.getByRole('article', { name: proName });
    await expect(card).toContainText('₵30–₵50/hour');
    const save = card.getByRole('button', { name: `Save ${proName} to favourites` });
    await press(page, save);
    await expect(save).toHaveAttribute('aria-pressed', 'true');

    // The booking dialog: "a modal <dialog> (focus stays inside; Esc closes)".
    const book = card.getByRole('button', { name: `Book Appointment with ${proName}` });
    await press(page, book, 'Enter', { back: true });
    const dialog = page.getByRole('dialog', { name: `Book ${proName}` });
    await expect(dialog.getByRole('button', { name: 'Close booking dialog' })).toBeFocused();
    await press(page, dialog.getByRole('table').getByRole('button', { disabled: false }).first());
    await chooseRadio(page, dialog.getByRole('radio', { disabled: false }).first());
    const negotiate = dialog.getByRole('switch', { name: 'Negotiate custom rate' });
    await press(page, negotiate, 'Space');
    await expect(negotiate).toHaveAttribute('aria-checked', 'true');
    await typeInto(page, dialog.getByLabel('Your proposed rate (₵ per hour)'), '35');
    await typeInto(page, dialog.getByLabel('Job description'), 'Kitchen sink is leaking under the cabinet.');
    await expect(dialog.getByRole('region', { name: 'Booking summary' })).toContainText('₵70');
    await press(page, dialog.getByRole('button', { name: 'Submit Request with Custom Rate' }));
    await expect(page.getByText('Booking request submitted successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Closing the dialog gives focus back to the button that opened it.
    await expect(book).toBeFocused();

    // The professional accepts (their own journey is the next test).
    const headers = { Authorization: `Bearer ${pro.token}` };
    const { bookings } = (await (await request.get('/api/bookings?status=pending', { headers })).json()) as {
      bookings: Booking[];
    };
    const booked = bookings.find((b) => b.customerName.startsWith('Akosua'))!;
    expect((await request.post(`/api/bookings/${booked.id}/accept`, { headers })).ok()).toBe(true);

    await chooseTab(page, tabs.getByRole('tab', { name: 'My Bookings' }), { back: true, max: 40 });
    await press(page, page.getByRole('button', { name: 'Refresh' }));
    await chooseTab(page, page.getByRole('tab', { name: /^Confirmed/ }));
    const booking = page.getByRole('article', { name: `Plumber with ${proName}` });
    await expect(booking).toContainText('Confirmed');
    await press(page, booking.getByRole('button', { name: 'Message' }));
    const message = booking.getByLabel(`Message ${proName}`);
    await typeInto(page, message, 'Hello, can you bring a new trap?');
    await page.keyboard.press('Enter');
    await expect(booking.getByRole('log')).toContainText('Hello, can you bring a new trap?');
    await expect(message).toHaveValue('');
    await expect(message).toBeFocused();

    // The slot passes on the test clock and the professional marks the job done.
    await passSlotStart(request, booked);
    expect((await request.post(`/api/bookings/${booked.id}/complete`, { headers })).ok()).toBe(true);

    await press(page, page.getByRole('button', { name: 'Refresh' }), 'Enter', { back: true });
    await chooseTab(page, page.getByRole('tab', { name: /^Completed/ }));
    await expect(booking).toContainText('Completed');
    const leaveReview = booking.getByRole('button', { name: 'Leave Review' });
    await press(page, leaveReview);
    // Cancel closes the form and gives focus back to Leave Review, which opens it again.
    const reviewForm = booking.getByRole('form', { name: `Review ${proName}` });
    await press(page, reviewForm.getByRole('button', { name: 'Cancel' }), 'Enter', { max: 12 });
    await expect(reviewForm).toBeHidden();
    await expect(leaveReview).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reviewForm).toBeVisible();
    await chooseRadio(page, booking.getByRole('radio', { name: '5 stars' }));
    await typeInto(page, booking.getByLabel('Comment'), 'Fixed the leak fast and left the kitchen clean.');
    await press(page, booking.getByRole('button', { name: 'Submit Review' }));
    await expect(page.getByText('Thank you for your review!')).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Leave Review' })).toHaveCount(0);
    // The form and its button are gone: focus is on the booking, not back at the top of the page.
    await expect(booking.getByRole('heading', { name: `Plumber with ${proName}` })).toBeFocused();

    // A second booking, pending, cancelled from the All list: the question takes focus, then the booking.
    const second = await bookFirstSlot(request, await login(request, customer), plumber.user.id);
    await press(page, page.getByRole('button', { name: 'Refresh' }), 'Enter', { back: true });
    await chooseTab(page, page.getByRole('tab', { name: /^All/ }));
    const pending = page.getByRole('article', { name: `Plumber with ${proName}` }).filter({ hasText: 'Pending' });
    await expect(pending).toContainText(second.description);
    await press(page, pending.getByRole('button', { name: 'Cancel Booking' }));
    await expect(pending.getByRole('group', { name: 'Confirm cancellation' })).toBeFocused();
    await press(page, pending.getByRole('button', { name: 'Keep booking' }), 'Enter', { max: 2 });
    await expect(pending.getByRole('button', { name: 'Cancel Booking' })).toBeFocused();
    await page.keyboard.press('Enter');
    await press(page, pending.getByRole('button', { name: 'Yes, cancel booking' }));
    const cancelled = page.getByRole('article', { name: `Plumber with ${proName}` }).filter({ hasText: 'Cancelled' });
    await expect(cancelled.getByRole('heading', { name: `Plumber with ${proName}` })).toBeFocused();

    // A third, cancelled from the Pending list, which it then leaves: focus goes to the Pending tab.
    const third = await bookFirstSlot(request, await login(request, customer), plumber.user.id);
    await press(page, page.getByRole('button', { name: 'Refresh' }), 'Enter', { back: true });
    const pendingTab = page.getByRole('tab', { name: /^Pending/ });
    await chooseTab(page, pendingTab, { back: true });
    const listed = page
      .getByRole('article', { name: `Plumber with ${proName}` })
      .filter({ hasText: third.description });
    await press(page, listed.getByRole('button', { name: 'Cancel Booking' }));
    await press(page, listed.getByRole('button', { name: 'Yes, cancel booking' }));
    await expect(listed).toHaveCount(0);
    await expect(pendingTab).toBeFocused();
  });
});

test('professional dashboard: decline one request, accept another, message the customer, mark it completed, edit rates, profile and availability', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad('network', eventTicket.path, 'this test holds the live stream back');
  pageErrors.allowFailedLoad(409, /^\/api\/bookings\/\d+\/accept$/, 'the withdrawn request, accepted, is refused');
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Kwame',
    lastName: 'Keys',
    profession: 'Plumber',
  });
  const first = await login(request, await createPaidAccount(request, { firstName: 'Efua', lastName: 'Accepted' }));
  const second = await login(request, await createPaidAccount(request, { firstName: 'Kofi', lastName: 'Declined' }));
  const accepted = await bookFirstSlot(request, first, pro.user.id);
  await bookFirstSlot(request, second, pro.user.id, 1);
  const third = await login(request, await createPaidAccount(request, { firstName: 'Ama', lastName: 'Withdrawn' }));
  const withdrawn = await bookFirstSlot(request, third, pro.user.id, 2);
  await useSession(page, await login(request, pro));
  // No live updates here (a network that holds them back): the list stays as it was loaded, so the
  // customer's cancellation below is met by Accept, as when it crosses the live news. The request
  // hangs rather than fails: failures would turn on polling within seconds, and a poll reads the
  // list again (the withdrawn request then leaves it, sometimes before the refusal is checked).
  await page.route(`**${eventTicket.path}`, () => {});
  await page.goto('/professional-dashboard');

  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await chooseTab(page, tabs.getByRole('tab', { name: 'Job Requests' }), { max: 40 });
  const job = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  // The customer cancels while the list is on screen: Accept is refused, and focus stays on it.
  await expect(job('Ama Withdrawn')).toBeVisible();
  const cancelled = await request.post(`/api/bookings/${withdrawn.id}/cancel`, {
    headers: { Authorization: `Bearer ${third.token}` },
  });
  expect(cancelled.ok()).toBe(true);
  const acceptWithdrawn = job('Ama Withdrawn').getByRole('button', { name: 'Accept' });
  await press(page, acceptWithdrawn);
  await expect(job('Ama Withdrawn').getByRole('alert')).toHaveText(
    'This booking is cancelled, so it cannot be accepted.',
  );
  await expect(acceptWithdrawn).toBeFocused();
  // Decline asks first, with an optional reason; the question takes the focus.
  await press(page, job('Kofi Declined').getByRole('button', { name: 'Decline' }), 'Enter', { back: true });
  const declining = job('Kofi Declined').getByRole('group', { name: 'Confirm declining the request' });
  await expect(declining).toBeFocused();
  await typeInto(
    page,
    declining.getByRole('textbox', { name: 'Reason for Kofi Declined (optional)' }),
    'Away that week.',
  );
  await press(page, declining.getByRole('button', { name: 'Yes, decline' }));
  await expect(page.getByRole('status').filter({ hasText: 'Job request declined.' })).toBeFocused();
  await expect(job('Kofi Declined')).toHaveCount(0);
  await press(page, job('Efua Accepted').getByRole('button', { name: 'Accept' }));
  await expect(page.getByRole('status').filter({ hasText: 'Job accepted.' })).toBeFocused();
  // Accepted before its start, as a request must be (docs/PRODUCT.md "Bookings"); then the start
  // passes on the server's clock, and the list read again offers Mark Completed.
  await passSlotStart(request, accepted);
  await page.reload();
  await chooseTab(page, tabs.getByRole('tab', { name: 'Job Requests' }), { max: 40 });

  const filters = page.getByRole('group', { name: 'Show jobs' });
  await press(page, filters.getByRole('button', { name: /^Confirmed/ }), 'Enter', { back: true });
  await expect(filters.getByRole('button', { name: /^Confirmed/ })).toHaveAttribute('aria-pressed', 'true');
  const efua = job('Efua Accepted');
  await press(page, efua.getByRole('button', { name: 'Message' }));
  const chat = efua.getByRole('region', { name: 'Chat with Efua Accepted' });
  await typeInto(
    page,
    chat.getByRole('textbox', { name: 'Message Efua Accepted' }),
    'I can come at nine. Is there parking?',
  );
  await press(page, chat.getByRole('button', { name: 'Send' }));
  await expect(chat.getByRole('log')).toContainText('I can come at nine. Is there parking?');
  await press(page, efua.getByRole('button', { name: 'Close Messages' }), 'Enter', { back: true });

  await press(page, efua.getByRole('button', { name: 'Mark Completed' }));
  await expect(efua.getByRole('group', { name: 'Confirm marking the job completed' })).toBeFocused();
  await press(page, efua.getByRole('button', { name: 'Yes, mark it completed' }));
  await expect(page.getByRole('status').filter({ hasText: 'Job marked as completed.' })).toBeFocused();

  // Rate Management: Edit Rates moves focus into the form; Save gives it back to Edit Rates.
  await chooseTab(page, tabs.getByRole('tab', { name: 'Overview' }), { back: true, max: 40 });
  const rates = page.getByRole('region', { name: 'Rate Management' });
  await press(page, rates.getByRole('button', { name: 'Edit Rates' }), 'Enter', { max: 40 });
  await expect(rates.getByLabel('Base rate (₵ per hour)')).toBeFocused();
  await typeInto(page, rates.getByLabel('Base rate (₵ per hour)'), '50', { max: 0 });
  await typeInto(page, rates.getByLabel('Maximum rate (₵ per hour)'), '80', { max: 1 });
  const negotiable = rates.getByRole('switch', { name: 'Rate is negotiable' });
  const wasNegotiable = await negotiable.isChecked();
  await press(page, negotiable, 'Space', { max: 1 });
  await expect(negotiable).toBeChecked({ checked: !wasNegotiable });
  await press(page, rates.getByRole('button', { name: 'Save' }), 'Enter', { max: 1 });
  await expect(rates.getByText('Rates updated successfully!')).toBeVisible();
  await expect(rates.getByRole('button', { name: 'Edit Rates' })).toBeFocused();
  await expect(rates.locator('output')).toHaveText(`₵50–₵80 per hour · ${wasNegotiable ? 'fixed rate' : 'negotiable'}`);

  // Profile: the same for Edit Profile.
  await chooseTab(page, tabs.getByRole('tab', { name: 'Profile' }), { back: true, max: 40 });
  const profile = page.getByRole('region', { name: 'Profile' });
  await press(page, profile.getByRole('button', { name: 'Edit Profile' }), 'Enter', { max: 3 });
  await expect(profile.getByLabel('First name')).toBeFocused();
  await typeInto(page, profile.getByLabel('Experience'), '8 years');
  await chooseOption(page, profile.getByLabel('Location'), 'Kumasi', { max: 1 });
  await press(page, profile.getByRole('button', { name: 'Save' }));
  await expect(profile.getByRole('status')).toHaveText('Profile updated successfully!');
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
  await expect(profile).toContainText('8 years');

  // Schedule: a day ticked with Space, the end hour chosen with the arrows, saved.
  await chooseTab(page, tabs.getByRole('tab', { name: 'Schedule' }), { back: true, max: 40 });
  const availability = page.getByRole('region', { name: 'Weekly Availability' });
  await press(page, availability.getByRole('checkbox', { name: 'Saturday' }), 'Space', { max: 40 });
  await chooseOption(page, availability.getByLabel('End time'), '6:00 PM');
  const saveAvailability = availability.getByRole('button', { name: 'Save Availability' });
  await press(page, saveAvailability, 'Enter', { max: 1 });
  await expect(availability.getByRole('status')).toHaveText('Availability updated.');
  await expect(saveAvailability).toBeFocused();
});

test('affiliate dashboard: copy the code, open Earnings with the arrow keys, request a payout', async ({
  page,
  request,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await signUpAffiliate(request);
  await creditAffiliate(request, session.email);
  await useSession(page, session);
  await page.goto('/affiliate-dashboard');

  const card = page.getByRole('region', { name: 'Your Referrer Code' });
  await press(page, card.getByRole('button', { name: 'Copy Code' }), 'Enter', { max: 40 });
  await expect(card.getByRole('button', { name: 'Copied!' })).toBeFocused();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(session.affiliate.referrerCode);

  await chooseTab(page, page.getByRole('tab', { name: 'Earnings' }), { back: true, max: 40 });
  await press(page, page.getByRole('button', { name: 'Request Payout' }));
  // Asked first, in a dialog: focus is on its question; Tab reaches the confirmation.
  const confirm = page.getByRole('alertdialog', { name: 'Request a payout of ₵250.00?' });
  await expect(confirm.getByRole('heading')).toBeFocused();
  await press(page, confirm.getByRole('button', { name: 'Request ₵250.00 payout' }), 'Enter', { max: 3 });
  // The button is disabled with nothing left to pay out: focus moves to the answer.
  const answer = page.getByRole('region', { name: 'Request Payout' }).getByRole('status');
  await expect(answer).toContainText(/payout/i);
  await expect(answer).toBeFocused();
  await expect(page.getByRole('region', { name: 'Payout History' })).toContainText('₵250');
});

test('renewal: Renew now, approve in the checkout by the test card, turn automatic renewal on', async ({
  page,
  request,
}) => {
  await useSession(page, await login(request, await createPaidAccount(request)));
  await page.goto('/customer-dashboard');
  const card = page.getByRole('region', { name: 'Your subscription' });
  const renew = card.getByRole('button', { name: 'Renew now' });
  await press(page, renew, 'Enter', { max: 40 });
  // Escape cancels the checkout and focus is back on Renew now (disabled while the payment opened).
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('status').first()).toHaveText('Payment was cancelled');
  await expect(renew).toBeFocused();
  await page.keyboard.press('Enter');
  await press(page, checkout.getByRole('button', { name: 'Pay with test card (Visa ending 4081)' }), 'Enter', {
    max: 1,
  });
  await expect(card.getByText(/^Subscription renewed until/)).toBeFocused();
  const auto = card.getByRole('checkbox', { name: 'Renew automatically with Visa ending 4081' });
  await press(page, auto, 'Space', { back: true });
  await expect(auto).toBeChecked();
  await expect(card).toContainText('We charge this card a few days before your paid month ends');
});

test('verification: the professional uploads a Ghana Card through the file chooser from the keyboard', async ({
  page,
  request,
}) => {
  await useSession(
    page,
    await login(request, await createPaidAccount(request, { userType: 'professional', profession: 'Electrician' })),
  );
  await page.goto('/professional-dashboard');
  await chooseTab(page, page.getByRole('tab', { name: 'Profile' }), { max: 40 });
  const card = page.getByRole('region', { name: 'Verification' });
  const ghanaCard = card.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ghana Card' }) });
  await tabTo(page, ghanaCard.getByLabel('Upload Ghana Card'), { max: 60 });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'my-ghana-card.png', mimeType: 'image/png', buffer: PNG });
  await expect(ghanaCard.getByRole('status')).toHaveText(VERIFICATION_MESSAGES.uploaded);
  await expect(card).toContainText('Status: Pending review');
  // The next document is one Tab away: focus stayed on the card while the file went up.
  await expect(ghanaCard.getByLabel('Replace Ghana Card')).toBeFocused();
  await tabTo(page, card.getByLabel('Upload Trade certificate'), { max: 3 });
});

test('privacy: the customer downloads their own data from the Profile tab', async ({ page, request }) => {
  await useSession(page, await login(request, await createPaidAccount(request)));
  await page.goto('/customer-dashboard');
  await chooseTab(page, page.getByRole('tab', { name: 'Profile' }), { max: 40 });
  const card = page.getByRole('region', { name: 'Your data' });
  await tabTo(page, card.getByRole('button', { name: 'Download my data' }), { max: 40 });
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  await expect(card.getByRole('status')).toHaveText(`Downloaded ${download.suggestedFilename()}`);
  await expect(card.getByRole('button', { name: 'Download my data' })).toBeFocused();
});

/** Signs in at /admin/login with the keyboard only and lands on the console. */
async function signInAdminByKeyboard(page: Page) {
  await page.goto('/admin/login');
  await typeInto(page, page.getByLabel('Username'), ADMIN.username, { max: 40 });
  await typeInto(page, page.getByLabel('Password', { exact: true }), ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** Users tab, a search, and the user's dialog opened from their row; focus on its heading. */
async function openUserByKeyboard(page: Page, email: string, name: string) {
  await chooseTab(page, page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Users' }), {
    max: 40,
  });
  await typeInto(page, page.getByRole('searchbox', { name: 'Search users' }), email);
  await page.keyboard.press('Enter');
  const opener = page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name, exact: true });
  await press(page, opener);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('heading', { name })).toBeFocused();
  return { dialog, opener };
}

test('admin console: sign in, find a user, edit them in the dialog, Escape back to the row, suspend and activate, approve and complete a payout', async ({
  page,
  request,
}) => {
  const user = await createPaidAccount(request, { firstName: 'Abena', lastName: 'Keyboard' });
  const payout = await affiliateWithPayout(request);
  await signInAdminByKeyboard(page);

  const { dialog } = await openUserByKeyboard(page, user.email, 'Abena Keyboard');
  await press(page, dialog.getByRole('button', { name: 'Edit' }));
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await typeInto(page, dialog.getByLabel('Last name'), 'Keyes');
  await page.keyboard.press('Enter');
  // The dialog is named by its heading, which now shows the saved name.
  const renamed = page.getByRole('dialog', { name: 'Abena Keyes' });
  await expect(renamed.getByRole('status').filter({ hasText: 'User updated.' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(renamed).toBeHidden();
  const row = page.getByRole('row', { name: /Abena Keyes/ });
  await expect(row.getByRole('button', { name: 'Abena Keyes', exact: true })).toBeFocused();

  // Suspend asks first: Escape sends nothing and puts focus back on Suspend; the confirm button suspends.
  await press(page, row.getByRole('button', { name: 'Suspend Abena Keyes' }));
  const suspending = page.getByRole('alertdialog', { name: 'Suspend Abena Keyes?' });
  await expect(suspending.getByRole('heading', { name: 'Suspend Abena Keyes?' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(suspending).toBeHidden();
  await expect(row.getByRole('button', { name: 'Suspend Abena Keyes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await press(page, suspending.getByRole('button', { name: 'Suspend account' }));
  await expect(page.getByText('User suspended; their sessions have ended.')).toBeVisible();
  const activate = row.getByRole('button', { name: 'Activate Abena Keyes' });
  await expect(activate).toBeFocused();
  await page.keyboard.press('Enter');
  await press(
    page,
    page.getByRole('alertdialog', { name: 'Activate Abena Keyes?' }).getByRole('button', { name: 'Activate account' }),
  );
  await expect(page.getByText('User activated.')).toBeVisible();
  const suspend = row.getByRole('button', { name: 'Suspend Abena Keyes' });
  await expect(suspend).toBeFocused();
  // The connection drops as Suspend is confirmed: the failure is said, and focus is back on Suspend.
  await page.route('**/api/admin/users/*/status', (route) => route.abort('internetdisconnected'));
  await page.keyboard.press('Enter');
  await press(page, suspending.getByRole('button', { name: 'Suspend account' }));
  await expect(page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.network })).toBeVisible();
  await expect(suspend).toBeFocused();
  await expect(row).toContainText('Active');
  await page.unroute('**/api/admin/users/*/status');

  await chooseTab(page, page.getByRole('tab', { name: 'Payouts' }), { back: true, max: 40 });
  await chooseOption(page, page.getByLabel('Status'), 'Pending');
  const approve = page.getByRole('button', { name: `Approve payout ${payout.reference}` });
  await press(page, approve);
  await press(
    page,
    page
      .getByRole('alertdialog', { name: /^Approve ₵[\d.,]+ to .+\?$/ })
      .getByRole('button', { name: 'Approve payout' }),
  );
  await expect(
    page.getByText(/^The ₵[\d.,]+ payout to .+ requested on .+ was approved; it is now processing\.$/),
  ).toBeFocused();

  // Complete asks first, with a note: focus on its heading, Tab to the note, then to Complete payout.
  await chooseOption(page, page.getByLabel('Status'), 'Processing', { back: true });
  await press(page, page.getByRole('button', { name: `Complete payout ${payout.reference}` }));
  const confirm = page.getByRole('alertdialog', { name: /^Mark ₵[\d.,]+ to .+ as paid\?$/ });
  await expect(confirm.getByRole('heading', { name: /^Mark ₵[\d.,]+ to .+ as paid\?$/ })).toBeFocused();
  await typeInto(page, confirm.getByLabel('Note (optional)'), 'Paid by MoMo');
  await press(page, confirm.getByRole('button', { name: 'Complete payout' }));
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/^The ₵[\d.,]+ payout to .+ was completed\.$/)).toBeFocused();
});

test('admin verification: open both documents from the dialog, then Verify', async ({ page, request, pageErrors }) => {
  allowImageViewerStyles(pageErrors);
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName: 'Kwaku',
    lastName: 'Keyes',
  });
  const { token } = await login(request, pro);
  for (const [kind, name, type, bytes] of [
    ['ghana-card', 'ghana-card.png', 'image/png', PNG],
    ['trade-certificate', 'certificate.pdf', 'application/pdf', PDF],
  ] as const) {
    const uploaded = await request.put(`/api/professional/documents/${kind}`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, 'X-File-Name': name },
      data: bytes,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }
  await signInAdminByKeyboard(page);
  const { dialog } = await openUserByKeyboard(page, pro.email, 'Kwaku Keyes');
  await chooseTab(page, dialog.getByRole('tab', { name: 'Verification' }));
  for (const name of ['Open Ghana Card (ghana-card.png)', 'Open Trade certificate (certificate.pdf)']) {
    await tabTo(page, dialog.getByRole('button', { name }));
    const opened = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    await (await opened).close();
  }
  await press(page, dialog.getByRole('button', { name: 'Verify' }));
  const ask = page.getByRole('alertdialog', { name: 'Verify this professional?' });
  await press(page, ask.getByRole('button', { name: 'Verify' }));
  await expect(dialog.getByText(/^Status: Verified/)).toBeVisible();
  // Verify is gone with the decision: focus is on its outcome.
  await expect(dialog.getByRole('status').filter({ hasText: /verified/i })).toBeFocused();
});
