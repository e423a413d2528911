import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { overflows, PHONE, smallTargets } from './fixtures/phone.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { shot } from './fixtures/shots.ts';

// docs/PRODUCT.md "Support": the support page's form is a plain form the server answers with a
// page, so it works with no JavaScript at all (a phone that has not loaded it yet, or never will);
// a small script on the page only sends it without leaving the page. The first load of the page,
// everything in it, is at most 15 KB compressed.

const REFERENCE = /SUP-\d{8}-[2-9A-HJ-NP-Z]{6}/;
const MESSAGE = 'I paid with MTN MoMo this morning but my plan is not active yet.';

async function fillForm(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Contact support' });
  await form.getByLabel('Name').fill('Ama Mensah');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill('0241234567');
  await form.getByLabel('I am a').selectOption({ label: 'Customer' });
  await form.getByLabel('Category').selectOption({ label: 'Payment' });
  await form.getByLabel('Subject').fill('Payment not showing');
  await form.getByLabel('Message').fill(MESSAGE);
  return form;
}

/** The page fits a 360 px phone, with thumb-size targets. */
async function fitsThePhone(page: Page) {
  expect(await overflows(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

/** Counts the posts of the support form, however they are sent. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') posts++;
  });
  return () => posts;
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('a visitor sends a message and reads its reference; a reload sends nothing again', async ({ page }) => {
    const posts = countPosts(page);
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Send us a message' }).scrollIntoViewIfNeeded();
    await shot(page, 'support-nojs-form', { fullPage: false });
    const form = await fillForm(page, `ama.nojs.${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/api\/contact\/sent$/); // the reference is not in the address
    await expect(page.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible();
    const reference = page.locator('.contact-reference');
    await expect(reference).toHaveText(REFERENCE);
    await shot(page, 'support-nojs-sent');
    await fitsThePhone(page);
    const shown = await reference.textContent();

    await page.reload();
    await expect(reference).toHaveText(shown!);
    expect(posts(), 'sent exactly once').toBe(1);
    await page.getByRole('link', { name: 'Back to the Support Center' }).click();
    await expect(page).toHaveURL(/\/support\/?$/);
  });

  test('a refused message comes back with every word kept, the problem beside its field and the focus on it', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allowFailedLoad(
      400,
      '/api/contact',
      'the server refuses the message on purpose: a bad email, no message',
    );
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.getByLabel('Name').fill('Kofi Boateng');
    await form.getByLabel('Email Address').fill('kofi@');
    await form.getByLabel('Subject').fill('Where is my booking?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('heading', { name: 'Your message was not sent' })).toBeVisible();
    const email = form.getByLabel('Email Address');
    await expect(email).toBeFocused(); // autofocus: the first field to fix, with no script
    await expect(email).toHaveValue('kofi@');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Please fill in all required fields.');
    await expect(form.getByLabel('Name')).toHaveValue('Kofi Boateng');
    await expect(form.getByLabel('Subject')).toHaveValue('Where is my booking?');
    await shot(page, 'support-nojs-refused');
    await fitsThePhone(page);

    await email.fill(`kofi.nojs.${Date.now()}@example.com`);
    await form.getByLabel('Message').fill('My booking for Saturday does not show.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('.contact-reference')).toHaveText(REFERENCE);
  });
});

test.describe('with JavaScript', () => {
  test('the message is sent without leaving the page, and the reference shown where the form was', async ({ page }) => {
    const posts = countPosts(page);
    await page.goto('/support');
    const form = await fillForm(page, `ama.js.${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const answer = page.getByRole('heading', { name: 'Message Sent Successfully!' });
    await expect(answer).toBeFocused();
    await expect(page.locator('.contact-reference')).toHaveText(REFERENCE);
    await expect(page).toHaveURL(/\/support\/?$/);
    await expect(form).toHaveCount(0);
    expect(posts()).toBe(1);
    await shot(page, 'support-js-sent', { fullPage: false });
  });

  test('a refused message stays on the page, words kept, the focus on what to fix', async ({ page, pageErrors }) => {
    pageErrors.allowFailedLoad(400, '/api/contact', 'the server refuses the message on purpose: not a Ghana number');
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.getByLabel('Name').fill('Kofi Boateng');
    await form.getByLabel('Email Address').fill('kofi@example.com');
    await form.getByLabel('Phone Number').fill('12345');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const phone = form.getByLabel('Phone Number');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription(/Please enter a valid Ghana phone number/);
    await expect(form.getByLabel('Name')).toHaveValue('Kofi Boateng');
    await expect(page).toHaveURL(/\/support\/?$/);

    await phone.fill('');
    await form.getByLabel('Message').fill('Hello, where do I see my bookings?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('.contact-reference')).toHaveText(REFERENCE);
  });

  test('a dropped connection loses nothing: the form says so, and sends when tapped again', async ({ page }) => {
    await page.goto('/support');
    const form = await fillForm(page, `ama.drop.${Date.now()}@example.com`);
    const send = form.getByRole('button', { name: /Send Message|Sending/ });
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await send.click();
    await expect(form.getByRole('status')).toHaveText(/^No connection: your message is still here and was not sent/);
    await expect(form.getByLabel('Message')).toHaveValue(MESSAGE);
    await expect(form.getByLabel('Category')).toHaveValue('payment');

    // Back online; the request held a moment to see the busy button.
    await page.unroute('**/api/contact');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    await expect(send).toHaveText('Sending...');
    await expect(send).toBeDisabled();
    release();
    await expect(page.locator('.contact-reference')).toHaveText(REFERENCE);
  });
});

// axe runs as a script in the page: the answer pages are reached by the form's own post (submit()
// fires no submit event, so the page's script does not take it).
test('the pages the form is answered with have no serious accessibility violation', async ({ page, pageErrors }) => {
  pageErrors.allowFailedLoad(400, '/api/contact', 'the server refuses the message on purpose: no message');
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact support' });
  await form.getByLabel('Name').fill('Esi Axe');
  await form.getByLabel('Email Address').fill(`esi.axe.${Date.now()}@example.com`);
  await form.evaluate((element) => (element as HTMLFormElement).submit());
  await expect(page.getByRole('heading', { name: 'Your message was not sent' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByLabel('Message').fill('Please call me back about my booking.');
  await form.evaluate((element) => (element as HTMLFormElement).submit());
  await expect(page.locator('.contact-reference')).toHaveText(REFERENCE);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the first load of /support is at most 15 KB compressed, HTML, CSS and JavaScript together (bench:weight "static")', async ({
  browser,
  request,
}) => {
  // A new context: an empty cache, so everything the page needs is asked for.
  const context = await browser.newContext();
  const files = new Set<string>();
  try {
    const page = await context.newPage();
    page.on('request', (r) => {
      if (['document', 'stylesheet', 'script'].includes(r.resourceType())) files.add(new URL(r.url()).pathname);
    });
    await page.goto('/support');
    // Scrolled to the form and past it, as a visitor does: nothing more may load on the way.
    await page.getByRole('form', { name: 'Contact support' }).scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: 'Helpful links' }).scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island')).toHaveCount(0);
  } finally {
    await context.close();
  }
  let gzip = 0;
  for (const file of files) {
    const answer = await request.get(file, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.status(), file).toBe(200);
    gzip += Number(answer.headers()['content-length']);
  }
  expect(
    [...files].filter((file) => file.endsWith('.js')),
    'no script file at all',
  ).toEqual([]);
  expect(gzip, [...files].join(' ')).toBeLessThanOrEqual(15_000);
});
