import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_MESSAGES, PHOTO_RULE } from '../contract/photos.ts';
import { uniquePhone, uniqueTag } from './fixtures/accounts.ts';
import { shot } from './fixtures/shots.ts';

/**
 * Signed in on the right dashboard: the guard kept us there, the session holds this account, and
 * the page greets them by name (the dashboards' content belongs to their own specs).
 */
async function expectSignedInOn(page: Page, path: string, p: { firstName: string; email: string }) {
  await page.waitForURL(`**${path}`);
  await expect(page.getByText(new RegExp(p.firstName)).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: localStorage.getItem('userData'),
  }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: p.email, status: 'active' });
}

/** Customer and professional sign-up through the wizard, paying in the sandbox checkout (docs/PRODUCT.md "Sign-up and referrals", "First payment and activation"). */

function person(first: string) {
  return {
    firstName: first,
    lastName: 'Mensah',
    email: `signup-${uniqueTag()}@example.com`,
    phone: uniquePhone(),
    password: 'GoodPass123',
  };
}

const wizard = (page: Page) => page.getByRole('form', { name: /Step \d of 3/ });
const alert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).first();

async function choosePlan(page: Page, plan: 'Customer' | 'Professional') {
  await page.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function fillAccount(page: Page, p: ReturnType<typeof person>, confirm = p.password) {
  const form = wizard(page);
  await expect(form.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeFocused();
  await form.getByLabel('First Name').fill(p.firstName);
  await form.getByLabel('Last Name').fill(p.lastName);
  await form.getByLabel('Email Address').fill(p.email);
  await form.getByLabel('Phone Number').fill(p.phone);
  await form.getByLabel(/^Password/).fill(p.password);
  await form.getByLabel('Confirm Password').fill(confirm);
}

test('a customer signs up, cancels the first payment, tries again, pays in the sandbox and lands on the dashboard signed in', async ({
  page,
}) => {
  const p = person('Ama');
  await page.goto('/signup');
  await expect(page.getByRole('list', { name: 'Sign-up progress' }).getByRole('listitem')).toHaveText([
    /1\s*Plan/,
    /2\s*Account/,
    /3\s*Profile/,
  ]);

  // Step 1: Continue needs a plan.
  await expect(page.getByText('Popular')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(alert(page)).toHaveText('Please select a subscription plan');
  await choosePlan(page, 'Customer');

  // Back keeps what was typed.
  await fillAccount(page, p);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /^Customer/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard(page).getByLabel('Email Address')).toHaveValue(p.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3.
  const form = wizard(page);
  await form.getByLabel('City').selectOption('Kumasi');
  await form.getByLabel('Local Address').fill('Adum, Kumasi');
  await form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await form.getByRole('button', { name: 'Complete Registration & Pay' }).click();

  // The sandbox checkout opens; cancel it.
  let checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('TEST MODE — no real money is charged');
  await expect(checkout).toContainText('₵10');
  await expect(checkout).toContainText(p.email);
  await expect(checkout).toContainText(/SEPC\d{13}[A-Z0-9]{6}\d+/);
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout).toBeHidden();
  const paymentError = page.getByRole('alert').filter({ hasText: 'Payment Error:' });
  await expect(paymentError).toContainText('Payment was cancelled');
  await expect(paymentError.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  await expect(paymentError.getByRole('button', { name: 'Refresh Page' })).toBeVisible();

  // Try Again re-opens the same payment; Escape cancels too.
  await paymentError.getByRole('button', { name: 'Try Again' }).click();
  checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toBeVisible();
  // Focus stays inside the dialog.
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(checkout.getByRole('button', { name: 'Pay with test card (Visa ending 4081)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(checkout.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(checkout.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(checkout.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(checkout).toBeHidden();
  await expect(paymentError).toContainText('Payment was cancelled');
  await paymentError.getByRole('button', { name: 'Dismiss' }).click();
  await expect(paymentError).toBeHidden();
  await expect(form.getByLabel('Local Address')).toHaveValue('Adum, Kumasi');

  // Refresh Page loses nothing but the passwords, and keeps the account already created.
  await form.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Cancel' }).click();
  await paymentError.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(form.getByRole('heading', { name: 'Step 3 of 3: Profile details' })).toBeVisible();
  await expect(form.getByLabel('City')).toHaveValue('Kumasi');
  await expect(form.getByLabel('Local Address')).toHaveValue('Adum, Kumasi');
  await expect(form.getByText('Your account has been created. Complete the payment to activate it.')).toBeVisible();

  // Submitting again pays for the account already created (no second account, no 409).
  const signups: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/signup') && signups.push(r.url()));
  await form.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Approve payment' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Registration complete!' });
  await expect(done).toContainText(`Welcome, ${p.firstName}`);
  await expect(done.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/customer-dashboard');
  await expectSignedInOn(page, '/customer-dashboard', p);
  expect(signups).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('signupDraft'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('pendingUserId'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(p.email);
});

test('a professional is asked for a profession and a service area, then signs up and pays ₵27', async ({ page }) => {
  const p = person('Kwame');
  // On slow 3G the plan is chosen before the island's code arrives: the choice must survive hydration.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  await page.getByRole('radio', { name: /^Professional/ }).check();
  release();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAccount(page, p);
  await page.getByRole('button', { name: 'Continue' }).click();

  const form = wizard(page);
  await expect(form.getByText(/within about 5 miles/)).toBeVisible();
  const submit = form.getByRole('button', { name: 'Complete Registration & Pay' });
  await submit.click();
  // Each problem by its field, focus on the first.
  await expect(form.getByLabel('Profession')).toBeFocused();
  await expect(form.getByLabel('Profession')).toHaveAccessibleDescription('Please select your profession');
  await expect(form.getByLabel('Local Address & Service Area')).toHaveAccessibleDescription(
    /Please enter your local address and service area/,
  );
  await form.getByLabel('Profession').selectOption('Electrician');
  await submit.click();
  await expect(form.getByLabel('Local Address & Service Area')).toBeFocused();

  // The picture follows the one photo rule: a file that is no photo is refused
  // by the same check as the dashboard's upload, with the same words.
  await expect(form.getByLabel('Profile Picture')).toHaveAccessibleDescription(new RegExp(`^${PHOTO_RULE}\\.`));
  await form
    .getByLabel('Profile Picture')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByRole('alert').filter({ hasText: PHOTO_MESSAGES.notImage })).toBeVisible();
  await form.getByLabel('Profile Picture').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c86428' } })
      .jpeg()
      .toBuffer(),
  });
  await expect(form.getByText('Chosen: me.jpg')).toBeVisible();
  await shot(page, 'signup-step3-photo');

  await form.getByLabel('City').selectOption('Accra');
  await form.getByLabel('Local Address & Service Area').fill('East Legon, Accra – within about 5 miles');
  await form.getByLabel('About Your Services').fill('Wiring, repairs and installations.');
  // Consent is asked for, not assumed: unticked, the box says so and takes the
  // focus, and nothing is sent.
  const signups: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/signup') && signups.push(r.url()));
  await submit.click();
  const terms = form.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
  await expect(terms).toBeFocused();
  await expect(terms).toHaveAccessibleDescription(
    'Please tick the box to agree to the Terms of Service and Privacy Policy.',
  );
  expect(signups).toEqual([]);
  await terms.check();
  const signupRequest = page.waitForRequest('**/api/signup');
  await submit.click();
  const body = (await signupRequest).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    userType: 'professional',
    profession: 'Electrician',
    agreeToTerms: true,
    baseRate: 0,
    maxRate: 0,
    rateNegotiable: false,
  });

  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('₵27');
  await expect(checkout).toContainText(/SEPP\d{13}[A-Z0-9]{6}\d+/);
  await checkout.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registration complete!' })).toBeVisible();
  // The photo is uploaded with the new session, then the page moves on by itself.
  await expect(page.getByText('Your profile photo is saved.')).toBeVisible();
  await shot(page, 'signup-done-photo');
  expect(body).not.toHaveProperty('profilePicture');
  await expectSignedInOn(page, '/professional-dashboard', p);
  await expect(page.locator('.dash-head .avatar img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}-thumb\.webp$/);
});

test('the wizard explains each problem in plain words on the step that has the field, and keeps what was typed', async ({
  page,
}) => {
  const p = person('Efua');
  await page.goto('/signup');
  await choosePlan(page, 'Customer');
  const form = wizard(page);
  const submit = form.getByRole('button', { name: 'Complete Registration & Pay' });
  const forward = async () => page.getByRole('button', { name: 'Continue' }).click();
  const back = async () => page.getByRole('button', { name: 'Back' }).click();

  // Step 2 is checked before it is left (e2e/signup-steps.spec.ts has the empty step).
  await fillAccount(page, { ...p, phone: '12345' });
  await forward();
  await expect(form.getByLabel('Phone Number')).toBeFocused();
  await expect(form.getByLabel('Phone Number')).toHaveAccessibleDescription(
    /Please enter a valid Ghana phone number \(e\.g\., 0241234567 or \+233241234567\)/,
  );

  await form.getByLabel('Phone Number').fill(p.phone);
  await form.getByLabel('Confirm Password').fill('Different123');
  await forward();
  await expect(form.getByLabel('Confirm Password')).toHaveAccessibleDescription(
    'Passwords do not match. Please try again.',
  );

  await form.getByLabel('Email Address').fill('not-an-email');
  await form.getByLabel('Confirm Password').fill(p.password);
  await forward();
  await expect(form.getByLabel('Email Address')).toBeFocused();
  await expect(form.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address');

  // A dropped connection: the connection message with a hint (no error details or time: plain words); nothing typed is lost.
  await form.getByLabel('Email Address').fill(p.email);
  await forward();
  await page.route('**/api/signup', (route) => route.abort('internetdisconnected'));
  await form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await submit.click();
  await expect(alert(page)).toContainText('Failed to submit registration data. This looks like a network issue');
  await expect(alert(page)).toContainText('Nothing you typed is lost.');
  await expect(alert(page)).not.toContainText(/Time:|Error details|Failed to fetch/);
  await back();
  await expect(form.getByLabel('First Name')).toHaveValue(p.firstName);
  await expect(form.getByLabel(/^Password/)).toHaveValue(p.password);
});
