import { expect, test } from './fixtures/test.ts';
import type { Page, Route } from '@playwright/test';
import {
  allowUnpaidSignIn,
  createPaidAccount,
  createPendingAccount,
  login,
  uniquePhone,
  uniqueTag,
} from './fixtures/accounts.ts';
import { renewalReminderMail } from './fixtures/admin.ts';
import { pageReady } from './fixtures/pages.ts';
import { PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// On slow 3G a form is painted seconds before its
// island's JavaScript arrives. A tap on its button in that time is kept and carried out when the
// island hydrates (site/src/components/kept-taps/), never lost, never a dead button; the renewal
// card needs no JavaScript at all. Each journey here holds back every script of the site
// (/_astro/*.js) until the test releases them, taps before, and checks what the person sees after.

/**
 * Holds every request for the site's scripts until `release()`; later ones go straight through.
 * The page is painted and its inline scripts run, but no island can hydrate meanwhile.
 */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/_astro/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** The island of `component` has not hydrated yet: Astro drops `ssr` when it has. */
const notHydrated = (page: Page, component: string) =>
  expect(page.locator(`astro-island[ssr][component-url*="/${component}."]`)).toHaveCount(1);

const hydrated = (page: Page, component: string) =>
  expect(page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`)).toHaveCount(1);

test('a tap on Sign In before the JavaScript has arrived is kept and reaches the dashboard', async ({
  page,
  request,
}) => {
  const account = await createPaidAccount(request, { firstName: 'Esi', lastName: 'Early' });
  const scripts = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  const signIn = form.getByRole('button', { name: 'Sign In', exact: true });
  // Never a dead button: it takes the tap at first paint, and says what happens next.
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(form.getByRole('status')).toHaveText('Signing you in as soon as the page has finished loading…');
  await notHydrated(page, 'SignIn');
  await expect(page).toHaveURL(/\/signin$/); // not sent by the browser itself (no password in any address)

  await scripts.release();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as Esi Early (${account.email}) — customer account`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toContainText('Welcome, Esi!');
});

test('a wrong password tapped before the JavaScript has arrived gets the plain-words answer by the form', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(401, '/api/auth/login', 'the wrong password this test types is refused');
  const account = await createPaidAccount(request);
  const scripts = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill('not-my-password');
  await form.getByLabel('Password', { exact: true }).press('Enter'); // the keyboard's Go submits too
  await expect(form.getByRole('status')).toBeVisible();
  await notHydrated(page, 'SignIn');

  await scripts.release();
  await expect(form.getByRole('alert')).toHaveText(
    /^The email or phone number and password do not match\. Check them and try again, or use “Forgot password\?”/,
  );
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(form.getByRole('status')).toBeHidden();
  await expect(form.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/signin$/);
});

test('an unpaid account tapped in before the JavaScript has arrived is offered its payment, as the island would', async ({
  page,
  request,
  pageErrors,
}) => {
  allowUnpaidSignIn(pageErrors);
  const account = await createPendingAccount(request, { firstName: 'Kwame' });
  const scripts = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await notHydrated(page, 'SignIn');

  await scripts.release();
  const panel = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment required' }) });
  await expect(panel).toContainText('Complete payment to sign in.');
  await expect(panel.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
});

test('nothing chosen or typed before the island takes over is lost: phone, account type, remember me', async ({
  page,
  request,
}) => {
  const account = await createPaidAccount(request, { userType: 'professional', firstName: 'Kojo', lastName: 'Early' });
  const scripts = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('radio', { name: 'Professional' }).check();
  await form.getByRole('radio', { name: 'Phone' }).check();
  // The chosen identifier's field shows at once, without the island.
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await form.getByLabel('Phone number').fill(account.phone);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('checkbox', { name: 'Remember me' }).check();
  await notHydrated(page, 'SignIn');

  await scripts.release();
  await hydrated(page, 'SignIn');
  await expect(form.getByRole('radio', { name: 'Professional' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Phone' })).toBeChecked();
  await expect(form.getByLabel('Phone number')).toHaveValue(account.phone);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue(account.password);
  await expect(form.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Account Type Auto-Corrected' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(account.email);
});

test('a sign-up Continue tapped before the JavaScript has arrived goes on to step 2 with the plan chosen', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: /^Step 1 of 3/ });
  await form.getByRole('radio', { name: /^Professional/ }).check();
  const next = form.getByRole('button', { name: 'Continue' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(form.getByRole('status').filter({ hasText: 'as soon as the page' })).toHaveText(
    'Going on to the next step as soon as the page has finished loading…',
  );
  await notHydrated(page, 'SignUpWizard');
  await expect(page).toHaveURL(/\/signup$/);

  await scripts.release();
  const step2 = page.getByRole('heading', { name: 'Step 2 of 3: Account information' });
  await expect(step2).toBeFocused();
  // The plan tapped before is the one kept: Back shows it chosen (and the phone's Back goes there too).
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Choose your plan' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an affiliate form tapped before the JavaScript has arrived joins once it runs, its mobile money number taken from the phone', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/affiliate-signup', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('First Name').fill('Adjoa');
  await form.getByLabel('Last Name').fill('Early');
  await form.getByLabel('Email Address').fill(`affiliate-early-${uniqueTag()}@example.com`);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel(/^Password/).fill('GoodPass123');
  await form.getByLabel('City').selectOption('Ho');
  // The payout method's own field shows only once the island runs; it starts as the phone number.
  await form.getByRole('radio', { name: 'Mobile Money' }).check();
  await form.getByRole('checkbox', { name: /I agree to the Affiliate Terms/ }).check();
  await form.getByRole('button', { name: 'Join Affiliate Program' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'as soon as the page' })).toBeVisible();
  await notHydrated(page, 'AffiliateWizard');

  await scripts.release();
  await expect(page.getByRole('heading', { name: 'Welcome to the Affiliate Program, Adjoa!' })).toBeVisible();
});

test('an affiliate form tapped before the JavaScript has arrived says what is missing, then joins', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/affiliate-signup', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('First Name').fill('Kojo');
  await form.getByLabel('Last Name').fill('Early');
  await form.getByLabel('Email Address').fill(`affiliate-early-${uniqueTag()}@example.com`);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel(/^Password/).fill('GoodPass123');
  // No city yet: the form cannot be complete.
  await form.getByRole('radio', { name: 'Mobile Money' }).check();
  await form.getByRole('checkbox', { name: /I agree to the Affiliate Terms/ }).check();
  await form.getByRole('button', { name: 'Join Affiliate Program' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'as soon as the page' })).toBeVisible();
  await notHydrated(page, 'AffiliateWizard');

  await scripts.release();
  await expect(form.getByRole('alert')).toHaveText(
    'Almost there: fill in every field marked * and agree to the terms, then tap Join Affiliate Program again.',
  );
  await expect(form.getByLabel('First Name')).toHaveValue('Kojo');
  await form.getByLabel('City').selectOption('Ho');
  await form.getByRole('button', { name: 'Join Affiliate Program' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the Affiliate Program, Kojo!' })).toBeVisible();
});

test('the renewal card works with no JavaScript at all: a real form post the server answers', async ({
  page,
  request,
  browser,
}) => {
  const account = await createPaidAccount(request, { phone: `055${String(Date.now()).slice(-7)}` });
  await login(request, account);
  const mail = await renewalReminderMail(page, request, account);
  const address = (await mail.getByRole('link', { name: /\/renew\// }).getAttribute('href'))!;

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const phone = await noScript.newPage();
    await phone.goto(address);
    await phone.getByRole('button', { name: 'Send the prompt to my phone' }).click();
    await expect(phone.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
    await phone.getByRole('button', { name: 'Approve on the test phone' }).click();
    await expect(phone.getByText(/^Paid\. Your subscription now runs until \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  } finally {
    await noScript.close();
  }
});

test('each first-visit form loads at most 110 KB gzip of script (its budget, bench:weight "auth"), none of it dashboard code', async ({
  browser,
  request,
}) => {
  for (const path of ['/signin', '/signup', '/affiliate-signup', '/admin/login']) {
    // A new context each time: an empty cache, so every script the page needs is asked for.
    const context = await browser.newContext();
    const scripts = new Set<string>();
    try {
      const page = await context.newPage();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(path);
      await pageReady(page);
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // the idle toast host too
    } finally {
      await context.close();
    }
    let gzip = 0;
    for (const script of scripts) {
      const answer = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status(), script).toBe(200); // as sent: gzip, or as it is when under 256 bytes
      gzip += Number(answer.headers()['content-length']);
    }
    expect(gzip, `${path}: ${[...scripts].join(' ')}`).toBeLessThanOrEqual(110_000);
    // The shared code only signed-in pages run is a chunk of its own (site/astro.config.mjs).
    expect(
      [...scripts].filter((script) => /\/app\.[\w-]+\.js$/.test(script)),
      path,
    ).toEqual([]);
  }
});

// What a phone shows first: a ?plan= sign-up link paints the step it opens, never step 1 then a
// jump; the sign-in form's button is on the first screen of a 360 × 740 phone.
test('a ?plan= sign-up link never paints step 1: it says it is opening step 2, then shows step 2 with the plan', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const scripts = await holdScripts(page);
  await page.goto('/signup?plan=professional', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Opening step 2 of 3' })).toBeVisible();
  await notHydrated(page, 'SignUpWizard');
  await expect(page.getByRole('heading', { name: /^Step 1 of 3/ })).toBeHidden();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeHidden();
  await shot(page, 'signup-plan-first-paint', { fullPage: false });

  // Step 1 is never drawn on the way to step 2.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stepsSeen: string[] }).stepsSeen = seen;
    const note = () => {
      for (const heading of document.querySelectorAll('h2')) {
        const visible = heading.getClientRects().length > 0;
        if (visible && heading.textContent?.startsWith('Step 1')) seen.push(heading.textContent);
      }
    };
    new MutationObserver(note).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  await scripts.release();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Opening step 2 of 3' })).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { stepsSeen: string[] }).stepsSeen)).toEqual([]);
  await shot(page, 'signup-plan-step-2', { fullPage: false });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();

  // Without a plan, step 1 as before.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Choose your plan' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Opening step 2 of 3' })).toBeHidden();
});

test('the Sign In button is on the first screen of a 360 × 740 phone, at first paint and after', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const scripts = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  const signIn = page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeInViewport({ ratio: 1 });
  await shot(page, 'signin-first-paint', { fullPage: false });
  await scripts.release();
  await hydrated(page, 'SignIn');
  await expect(signIn).toBeInViewport({ ratio: 1 });
  await shot(page, 'signin-hydrated', { fullPage: false });
});
