import { expect, test } from './fixtures/test.ts';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { createPaidAccount, login, uniquePhone, uniqueTag, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { advanceServerClock, resetServerClockAfterEach } from './fixtures/clock.ts';
import { SITEMAP_KEPT_MS } from '../contract/directory.ts';
import { overflows, PHONE, smallTargets } from './fixtures/phone.ts';

// The public directory and each professional's page, no account
// needed; Book carries the professional through sign-up and payment into the booking dialog.

resetServerClockAfterEach();

/** A listed plumber in Kumasi with a name found nowhere else in this run. */
async function kumasiPlumber(request: Parameters<typeof createPaidAccount>[0]) {
  const tag = uniqueTag()
    .replace(/[^a-z]/g, '')
    .slice(-5);
  const firstName = `Kofi${tag}`;
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Plumber',
    firstName,
    lastName: 'Darko',
    location: 'Kumasi',
    localAddress: 'House 12, Adum Street, Kumasi',
    description: 'Burst pipes, water heaters and borehole pumps in Kumasi.',
    baseRate: 35,
    maxRate: 55,
    rateNegotiable: true,
  });
  return { pro, firstName, publicName: `${firstName} D.` };
}

async function fitsThePhone(page: Page, where: string) {
  expect([...(await overflows(page)), ...(await smallTargets(page))], where).toEqual([]);
}

test('a visitor browses by category and city, opens a profile, books, signs up, pays, and lands in that booking dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { pro, publicName } = await kumasiPlumber(request);

  await page.goto('/');
  await page.getByRole('link', { name: 'Plumber', exact: true }).click();
  await expect(page).toHaveURL(/\/professionals\?category=Plumber$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plumbers across Ghana');
  await expect(page.getByRole('note').filter({ hasText: 'TEST MODE' })).toHaveCount(1); // rendered per request, still says so
  await page.getByRole('combobox', { name: 'City' }).selectOption('Kumasi');
  await page.getByRole('button', { name: 'Show professionals' }).click();
  await expect(page).toHaveURL(/category=Plumber&city=Kumasi/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plumbers in Kumasi');
  const card = page.getByRole('link', { name: new RegExp(`^${publicName}`) });
  await expect(card).toContainText('Plumber · Kumasi');
  await expect(card).toContainText('₵35–₵55/hour, negotiable');
  await expect(card).toContainText('New: no reviews yet');
  // Never the last name in full, the street address, the phone or the email.
  const text = await page.getByRole('main').innerText();
  for (const secret of ['Darko', 'Adum Street', pro.user.phone, pro.email]) expect(text).not.toContain(secret);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/professionals/${pro.user.id}-`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicName);
  await expect(page.getByText('Burst pipes, water heaters and borehole pumps in Kumasi.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  expect(await page.evaluate(() => document.scripts.length), 'no JavaScript on the profile page').toBe(0);

  await page.getByRole('link', { name: `Book ${publicName}` }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  const form = page.getByRole('form', { name: /Step 2 of 3/ });
  await form.getByLabel('First Name').fill('Abena');
  await form.getByLabel('Last Name').fill('Visitor');
  await form.getByLabel('Email Address').fill(`e2e-visitor-${uniqueTag()}@example.com`);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel(/^Password/).fill('Passw0rd-e2e');
  await form.getByLabel('Confirm Password').fill('Passw0rd-e2e');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(/\/customer-dashboard\?tab=find$/, { timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: `Book ${pro.user.firstName} ${pro.user.lastName}` })).toBeVisible();
});

test('an existing customer who taps "sign in to book" lands in the booking dialog after signing in', async ({
  page,
  request,
}) => {
  const { pro } = await kumasiPlumber(request);
  const customer = await createPaidAccount(request);
  await page.goto(`/professionals/${pro.user.id}`);
  await page.getByRole('link', { name: 'I have an account: sign in to book' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Book ${pro.user.firstName} ${pro.user.lastName}` })).toBeVisible();
});

test('a shared profile link carries Open Graph tags; a lapsed or unknown professional answers 404; sitemap and robots list the public pages', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(
    404,
    /^\/professionals\/\d+$/,
    'the lapsed professional’s page, opened on purpose, is gone',
  );
  const { pro, publicName } = await kumasiPlumber(request);
  const response = await page.goto(`/professionals/${pro.user.id}-any-old-slug`);
  expect(response?.status()).toBe(200);
  // Rendered per request, still compressed for 3G, and asked for again each time.
  const served = (
    await request.get(`/professionals/${pro.user.id}`, { headers: { 'Accept-Encoding': 'br' } })
  ).headers();
  expect([served['content-encoding'], served.vary, served['cache-control']]).toEqual([
    'br',
    'Accept-Encoding',
    'no-cache',
  ]);
  const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
  expect(await meta('og:title')).toBe(`${publicName}, Plumber in Kumasi`);
  expect(await meta('og:url')).toMatch(new RegExp(`/professionals/${pro.user.id}-[a-z0-9-]+$`));
  expect(await meta('og:description')).toContain('₵35–₵55/hour');
  // No photo yet: the shared link shows a card drawn for them.
  expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  const cardImage = await meta('og:image');
  expect(cardImage).toMatch(new RegExp(`/cards/professionals/${pro.user.id}\\.png$`));
  const drawn = await request.get(new URL(cardImage!).pathname);
  expect([drawn.status(), drawn.headers()['content-type']]).toEqual([200, 'image/png']);
  await expect(page).toHaveTitle(`${publicName}, Plumber in Kumasi | ServiceConnect Ghana`);

  // Suspended by an administrator: no longer listed.
  const admin = await request.post('/api/admin/login', {
    data: { username: 'e2e-admin', password: 'Admin-e2e-Passw0rd' },
  });
  const headers = { Authorization: `Bearer ${((await admin.json()) as { token: string }).token}` };
  expect(
    (await request.put(`/api/admin/users/${pro.user.id}/status`, { headers, data: { status: 'suspended' } })).ok(),
  ).toBe(true);
  const gone = await page.goto(`/professionals/${pro.user.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No longer listed');
  for (const path of ['/professionals/999999999', '/professionals/abc', `/professionals/1-${'x'.repeat(5000)}`]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect((await request.get('/professionals/1%00')).status()).toBe(400); // refused before any page runs
  expect((await request.get('/professionals?category=Astronaut')).status()).toBe(400);

  const listed = await kumasiPlumber(request);
  // The server keeps the sitemap for 10 minutes: past that, it shows the listing and the suspension.
  await advanceServerClock(request, SITEMAP_KEPT_MS + 60_000);
  const index = await (await request.get('/sitemap.xml')).text();
  let sitemap = '';
  for (const [, file] of index.matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/professionals-\d+\.xml)<\/loc>/g))
    sitemap += await (await request.get(file)).text();
  expect(sitemap).toContain(`/professionals/${listed.pro.user.id}-`);
  expect(sitemap).not.toContain(`/professionals/${pro.user.id}-`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("a profile page is kept between visits: a repeat visit costs a 304, and the professional's edit shows at once", async ({
  request,
}) => {
  const { pro } = await kumasiPlumber(request);
  // The page's one address, where /professionals/{id} sends a visitor (301).
  const path = new URL((await request.get(`/professionals/${pro.user.id}`)).url()).pathname;
  expect(path).toMatch(new RegExp(`^/professionals/${pro.user.id}-kofi[a-z]*-d-plumber$`));
  const visit = (headers: Record<string, string> = {}) =>
    request.get(path, { headers: { 'Accept-Encoding': 'br', ...headers } });
  const first = await visit(); // rendered, and kept
  expect(first.status()).toBe(200);
  const kept = await visit();
  // The same headers as when it was rendered: both security policies, and no COOP on a page without script.
  for (const name of [
    'content-security-policy',
    'cache-control',
    'content-type',
    'x-frame-options',
    'cross-origin-opener-policy',
  ]) {
    expect(kept.headers()[name], name).toBe(first.headers()[name]);
  }
  const etag = kept.headers().etag;
  expect(etag, 'a kept page has an ETag').toMatch(/^"[\w-]+"$/);
  expect(kept.headers()['content-encoding']).toBe('br');
  expect(await kept.text()).toContain('Burst pipes, water heaters and borehole pumps in Kumasi.');
  const again = await visit({ 'If-None-Match': etag });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);

  // The professional rewrites their bio: the kept page is dropped, the next visit shows the new one.
  const session = await login(request, pro);
  const saved = await request.put('/api/profile', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { bio: 'Now also solar water heaters.' },
  });
  expect(saved.ok()).toBe(true);
  const changed = await visit({ 'If-None-Match': etag });
  expect(changed.status()).toBe(200);
  expect(await changed.text()).toContain('Now also solar water heaters.');
  expect((await visit()).headers().etag).not.toBe(etag);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the directory and a profile page fit, with thumb-sized targets', async ({ page, request }) => {
    const { pro } = await kumasiPlumber(request);
    await page.goto('/professionals?category=Plumber');
    await fitsThePhone(page, 'directory');
    await page.goto(`/professionals/${pro.user.id}`);
    await fitsThePhone(page, 'profile');
  });

  test('a professional shares their page from the dashboard', async ({ page, request }) => {
    const { pro, publicName } = await kumasiPlumber(request);
    await useSession(page, await login(request, pro));
    await page.goto('/professional-dashboard');
    const card = page.getByRole('region', { name: 'Your public page' });
    const link = card.getByRole('link', { name: new RegExp(`/professionals/${pro.user.id}-`) });
    await expect(link).toBeVisible();
    await card.getByRole('button', { name: 'Share my page' }).click();
    await expect(card.getByRole('status')).not.toBeEmpty();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicName);
  });
});

test("a professional's photo and work photos show on their page and in the shared preview, as soon as they are added", async ({
  page,
  request,
}) => {
  const { pro, publicName } = await kumasiPlumber(request);
  await page.goto(`/professionals/${pro.user.id}`); // seen once (kept in the read cache)
  await expect(page.getByRole('heading', { name: 'Their work' })).toHaveCount(0);
  const { token } = await login(request, pro);
  const png = (colour: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const upload = (path: string, method: 'put' | 'post', body: Buffer) =>
    request[method](path, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' }, data: body });
  expect((await upload('/api/me/photo', 'put', await png('#c84'))).ok()).toBe(true);
  expect((await upload('/api/me/work-photos', 'post', await png('#2a6'))).ok()).toBe(true);
  expect((await upload('/api/me/work-photos', 'post', await png('#36c'))).ok()).toBe(true);

  await page.goto(`/professionals/${pro.user.id}`);
  await expect(page.getByRole('img', { name: `Photo of ${publicName}` })).toBeVisible();
  const work = page.getByRole('region', { name: 'Their work' });
  await expect(work.getByRole('img')).toHaveCount(2);
  await expect(work.getByRole('img', { name: 'Plumber work photo 1 of 2' })).toHaveAttribute('loading', 'lazy');
  // A 2× phone gets the large size rather than the 160 px thumbnail drawn at 160 px.
  await expect(work.getByRole('img', { name: 'Plumber work photo 1 of 2' })).toHaveAttribute(
    'srcset',
    /-thumb\.webp 160w, \/media\/[0-9a-f]{64}-large\.webp \d+w$/,
  );
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/^http.*\/media\/[0-9a-f]{64}-large\.webp$/);
  const served = await request.get(new URL(image!).pathname);
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/webp']);
  await page.goto('/professionals?category=Plumber&city=Kumasi');
  await expect(page.getByRole('link', { name: new RegExp(`^${publicName}`) }).locator('img')).toHaveAttribute(
    'src',
    /-thumb\.webp$/,
  );

  // An administrator removes the profile photo from the user dialog, after confirming.
  await signInAdmin(page);
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(pro.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const fullName = `${pro.user.firstName} ${pro.user.lastName}`;
  await page
    .getByRole('row', { name: new RegExp(fullName) })
    .getByRole('button', { name: fullName, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: fullName });
  await expect(dialog.getByRole('img')).toHaveCount(3);
  // Work photos are numbered among their kind (a report photo would be "Report photo N").
  await expect(dialog.getByRole('img', { name: `Work photo 2 of ${fullName}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove profile photo' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove this photo?' })
    .getByRole('button', { name: 'Remove photo' })
    .click();
  await expect(dialog.getByText('Photo removed.')).toBeVisible();
  await page.goto(`/professionals/${pro.user.id}`);
  await expect(page.getByRole('img', { name: `Photo of ${publicName}` })).toHaveCount(0);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/cards\/professionals\/\d+\.png$/,
  );
});
