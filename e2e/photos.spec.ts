import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_MESSAGES } from '../contract/photos.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { overflows, PHONE, smallTargets } from './fixtures/phone.ts';

// Photos in the browser: a professional adds a profile photo from the file chooser on
// the Profile tab and sees it there and in the header; a customer sees it on the Find Pro card; a
// hostile file is refused in plain words by the control; the Profile tab fits a 360 px phone.

/** A phone photo as the camera leaves it: a JPEG lying on its side (EXIF orientation 6). */
const phonePhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Every image in `scope` has loaded real pixels (a broken address draws nothing). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll(
      (imgs) =>
        imgs.length > 0 &&
        imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );

/** No location access: the search starts from Accra, where the professional is. */
async function denyLocation(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (_ok: unknown, fail: (e: { code: number; message: string }) => void) =>
          fail({ code: 1, message: 'denied' }),
      },
    });
  });
}

test('a professional adds a profile photo and a work photo from the Profile tab; a customer sees the photo on the Find Pro card', async ({
  page,
  browser,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(400, '/api/me/photo', 'the hostile file this test sends is refused');
  const tag = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  const lastName = `Lens${tag}`;
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Plumber',
    firstName: 'Kofi',
    lastName,
    location: 'Accra',
  });
  await denyLocation(page);
  await useSession(page, await login(request, pro));
  await page.goto('/professional-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();

  const control = page.locator('section', { has: page.getByRole('heading', { name: 'Profile photo' }) });
  await expect(control.getByRole('img', { name: 'No photo yet: your initials are shown' })).toHaveText('KL');

  // A hostile file with a photo's name and type: the server reads its bytes and refuses it.
  await control.getByLabel('Add photo').setInputFiles({
    name: 'holiday.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(control.getByRole('alert')).toHaveText(PHOTO_MESSAGES.svg);
  // Plainly not a photo: refused on the phone, before anything is sent.
  await control
    .getByLabel('Add photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
  await expect(control.getByRole('alert')).toHaveText(PHOTO_MESSAGES.notImage);

  await control
    .getByLabel('Add photo')
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await expect(control.getByRole('status')).toHaveText(PHOTO_MESSAGES.profileSaved);
  await expect(control.getByRole('alert')).toHaveCount(0);
  const shown = control.getByRole('img', { name: 'Your profile photo' });
  await expect(shown).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}-thumb\.webp$/);
  await expect.poll(() => loaded(page, '.ph-card .avatar img')).toBe(true);
  await expect(control.getByLabel('Change photo')).toBeAttached();
  // The header's avatar follows.
  await expect(page.locator('.dash-head .avatar img')).toHaveAttribute('src', (await shown.getAttribute('src'))!);

  // Work photos: one added, described by the profession.
  const work = page.getByRole('region', { name: 'Work photos' });
  await work.getByLabel('Add work photo').setInputFiles({
    name: 'job.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer(),
  });
  await expect(work.getByRole('status')).toHaveText(PHOTO_MESSAGES.workAdded);
  await expect(work.getByRole('img', { name: 'Plumber work photo 1 of 1' })).toBeVisible();
  await expect(work).toContainText('1 of 6');

  // The professional's public page shows both at once.
  const photoSrc = (await shown.getAttribute('src'))!;
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('region', { name: 'Your public page' }).getByRole('link').click();
  await expect(page.getByRole('img', { name: `Photo of Kofi ${lastName.charAt(0)}.` })).toHaveAttribute(
    'src',
    photoSrc,
  );
  await expect(
    page.getByRole('region', { name: 'Their work' }).getByRole('img', { name: 'Plumber work photo 1 of 1' }),
  ).toBeVisible();
  await page.goBack();

  // The Profile tab on a 360 px phone: nothing past the edge, every control thumb-sized.
  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('img', { name: 'Plumber work photo 1 of 1' })).toBeVisible();
  expect(await overflows(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);

  // A customer finds the plumber: the card shows the photo.
  const customer = await createPaidAccount(request, { firstName: 'Ama', lastName: 'Finder' });
  const context = await browser.newContext({ viewport: PHONE });
  const customerPage = await context.newPage();
  await denyLocation(customerPage);
  await useSession(customerPage, await login(request, customer));
  await customerPage.goto('/customer-dashboard');
  await customerPage.getByRole('tab', { name: 'Find Services' }).click();
  await customerPage.getByLabel('Search by name or profession').fill(lastName);
  const card = customerPage.getByRole('article', { name: `Kofi ${lastName}` });
  await expect(card.locator('.avatar img')).toHaveAttribute('src', (await shown.getAttribute('src'))!);
  await expect.poll(() => loaded(customerPage, '.fp-card .avatar img')).toBe(true);
  expect(await overflows(customerPage)).toEqual([]);
  expect(await smallTargets(customerPage)).toEqual([]);
  await context.close();
});

test('on a 2× screen a 96 px avatar is drawn from the 320 px square, a 40 px one from the 160 px thumbnail', async ({
  browser,
  request,
}) => {
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName: 'Esi',
    lastName: 'Sharp',
    location: 'Accra',
  });
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await useSession(page, await login(request, pro));
  await page.goto('/professional-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const control = page.locator('section', { has: page.getByRole('heading', { name: 'Profile photo' }) });
  await control
    .getByLabel('Add photo')
    .setInputFiles({ name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await expect(control.getByRole('status')).toHaveText(PHOTO_MESSAGES.profileSaved);

  /** The address the browser chose for a loaded <img>, and how many pixels across the file it got there has. */
  const drawn = async (img: import('@playwright/test').Locator) => {
    const src = await img.evaluate((i) => {
      const image = i as HTMLImageElement;
      return image.complete && image.naturalWidth > 0 ? new URL(image.currentSrc).pathname : null;
    });
    if (!src) return null;
    // naturalWidth is the drawn width (the srcset's density divides it out): the file says its own.
    const file = await page.request.get(src);
    return { src, across: (await sharp(await file.body()).metadata()).width };
  };
  const twoX = { src: expect.stringMatching(/^\/media\/[0-9a-f]{64}-thumb2x\.webp$/), across: 320 };
  const big = control.getByRole('img', { name: 'Your profile photo' });
  await expect.poll(() => drawn(big)).toEqual(twoX);
  // The header's 40 px avatar needs 80 device pixels: the thumbnail is enough.
  await expect
    .poll(() => drawn(page.locator('.dash-head .avatar img')))
    .toEqual({ src: expect.stringMatching(/-thumb\.webp$/), across: 160 });
  await page.screenshot({ path: '/tmp/shots-avatar2x/profile-photo-2x.png' });

  // The public page's 96 px avatar too.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('region', { name: 'Your public page' }).getByRole('link').click();
  await expect.poll(() => drawn(page.getByRole('img', { name: 'Photo of Esi S.' }))).toEqual(twoX);
  await page.screenshot({ path: '/tmp/shots-avatar2x/public-page-2x.png' });
  await context.close();
});
