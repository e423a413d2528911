import { routePath } from '../../../../contract/api.ts';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  avatarSources,
  parseMediaPath,
  photoUrl,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTO_SIZES,
  PHOTO_UPLOADS_PER_HOUR,
  addWorkPhoto,
  adminRemovePhoto,
  ownPhotos,
  removeWorkPhoto,
  setProfilePhoto,
} from '../../../../contract/photos.ts';
import { startTestAppWithAdmin, type SignedInAdmin } from '../../../test/admin.ts';
import { bearer, listedProfessional, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { type TestApp, useTestApp } from '../../../test/harness.ts';

// Photos: what a phone sends is decoded and re-encoded by the server (upright, WebP,
// no EXIF or GPS, within the byte budgets), bad or hostile files get a plain 400, and the photos
// are served from content-hashed addresses cached for a year.

let app: TestApp;
let admin: SignedInAdmin;
useTestApp(async () => ({ app, admin } = await startTestAppWithAdmin()));

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

/** 400 × 200 pixels, red on the left, blue on the right, stored sideways: EXIF orientation 6 (turn 90° clockwise) and a GPS position. */
async function sidewaysJpegWithGps(): Promise<Buffer> {
  const half = (colour: typeof RED) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const image = sharp({ create: { width: 400, height: 200, channels: 3, background: RED } }).composite([
    { input: await half(BLUE), left: 200, top: 0 },
  ]);
  return image
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 36/1 12/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 11/1 6/1' },
    })
    .toBuffer();
}

/** Random pixels: the hardest thing to compress, so the byte budgets are really tested. */
function noise(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  return sharp(data, { raw: { width, height, channels: 3 } });
}

const tiny = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: BLUE } })
    .png()
    .toBuffer();

const send = (token: string, method: 'PUT' | 'POST', path: string, bytes: Buffer, type = 'image/jpeg') =>
  app.request(path, { method, headers: { ...bearer(token), 'content-type': type }, body: new Uint8Array(bytes) });
const setProfile = (token: string, bytes: Buffer, type?: string) =>
  send(token, 'PUT', setProfilePhoto.path, bytes, type);
const addWork = (token: string, bytes: Buffer, type?: string) => send(token, 'POST', addWorkPhoto.path, bytes, type);
const media = (url: string) => fetch(app.url + url);
/** What a stored size's answer says about itself, and what every one should say. */
const served = (res: Response) => ({
  status: res.status,
  type: res.headers.get('content-type'),
  cache: res.headers.get('cache-control'),
  nosniff: res.headers.get('x-content-type-options'),
});
const SERVED = { status: 200, type: 'image/webp', cache: 'public, max-age=31536000, immutable', nosniff: 'nosniff' };
const photoRows = (userId: number) => app.db('photos').where({ user_id: userId });

async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}

describe('profile photo', () => {
  it('turns a sideways phone JPEG upright, strips its EXIF and GPS, and stores WebP within the byte limits', async () => {
    const customer = await signUpAndPay(app);
    const jpeg = await sidewaysJpegWithGps();
    const original = await sharp(jpeg).metadata();
    expect([original.orientation, original.width, original.height, Boolean(original.exif)]).toEqual([
      6,
      400,
      200,
      true,
    ]);

    const res = await setProfile(customer.token, jpeg);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: PHOTO_MESSAGES.profileSaved, work: [] });
    const { profile } = res.body;
    expect(profile).toEqual({
      id: expect.any(Number),
      thumb: expect.stringMatching(/^\/media\/[0-9a-f]{64}-thumb\.webp$/),
      large: expect.stringMatching(/^\/media\/[0-9a-f]{64}-large\.webp$/),
      width: 200,
      height: 400,
    });

    const large = await media(profile.large);
    expect(served(large)).toEqual(SERVED);
    const largeBytes = Buffer.from(await large.arrayBuffer());
    expect(largeBytes.length).toBeLessThanOrEqual(PHOTO_SIZES.large.maxBytes);
    const meta = await sharp(largeBytes).metadata();
    expect({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      exif: meta.exif,
      xmp: meta.xmp,
      orientation: meta.orientation,
    }).toEqual({
      format: 'webp',
      width: 200,
      height: 400,
      exif: undefined,
      xmp: undefined,
      orientation: undefined,
    });
    expect(largeBytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(largeBytes.includes(Buffer.from('TestPhone'))).toBe(false);
    // Upright: the left (red) side of the stored pixels is now the top.
    const top = await pixel(largeBytes, 100, 50);
    const bottom = await pixel(largeBytes, 100, 350);
    expect(top.r).toBeGreaterThan(150);
    expect(top.b).toBeLessThan(100);
    expect(bottom.b).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(100);

    const thumb = await media(profile.thumb);
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(thumbBytes.length).toBeLessThanOrEqual(PHOTO_SIZES.thumb.maxBytes);
    const thumbMeta = await sharp(thumbBytes).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height, thumbMeta.exif]).toEqual([
      'webp',
      160,
      160,
      undefined,
    ]);

    // The dashboard record carries it; removing it takes it away from record and address alike.
    const record = await app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
      headers: bearer(customer.token),
    });
    expect(record.body.customer.avatar).toBe(profile.thumb);
    const removed = await app.request(setProfilePhoto.path, { method: 'DELETE', headers: bearer(customer.token) });
    expect(removed).toMatchObject({
      status: 200,
      body: { success: true, message: PHOTO_MESSAGES.profileRemoved, profile: null, work: [] },
    });
    expect((await media(profile.thumb)).status).toBe(404);
    const after = await app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
      headers: bearer(customer.token),
    });
    expect(after.body.customer.avatar).toBeNull();
  });

  it('keeps a large detailed photo under 80 KB and 960 px, and its thumbnail under 12 KB', async () => {
    const affiliate = await signUpAffiliate(app);
    const jpeg = await noise(3000, 2000).jpeg({ quality: 92 }).toBuffer();
    expect(jpeg.length).toBeGreaterThan(1024 * 1024);
    const res = await setProfile(affiliate.token, jpeg);
    expect(res.status).toBe(200);
    expect(Math.max(res.body.profile.width, res.body.profile.height)).toBeLessThanOrEqual(PHOTO_SIZES.large.px);
    const large = Buffer.from(await (await media(res.body.profile.large)).arrayBuffer());
    const thumb = Buffer.from(await (await media(res.body.profile.thumb)).arrayBuffer());
    expect(large.length).toBeLessThanOrEqual(PHOTO_SIZES.large.maxBytes);
    expect(thumb.length).toBeLessThanOrEqual(PHOTO_SIZES.thumb.maxBytes);
    // A second upload replaces the first: one profile photo per account.
    expect((await setProfile(affiliate.token, await tiny(), 'image/png')).status).toBe(200);
    expect(await photoRows(affiliate.id)).toHaveLength(1);
    expect((await media(res.body.profile.large)).status).toBe(404);
  });

  it('stores a 320 px square 2× of the thumbnail for a sharp avatar on a 2× screen, served like the others', async () => {
    const customer = await signUpAndPay(app);
    const res = await setProfile(customer.token, await sidewaysJpegWithGps());
    expect(res.status).toBe(200);
    const sources = avatarSources(res.body.profile.thumb, 96);
    expect(sources?.srcSet).toMatch(/-thumb\.webp 160w, \/media\/[0-9a-f]{64}-thumb2x\.webp 320w$/);
    const twoX = await media(sources?.srcSet.split(', ')[1].split(' ')[0] ?? '');
    expect(served(twoX)).toEqual(SERVED);
    const bytes = Buffer.from(await twoX.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(PHOTO_SIZES.thumb2x.maxBytes);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 320, 320, undefined]);
    // The same square cut as the thumbnail: upright, red above blue.
    expect((await pixel(bytes, 160, 20)).r).toBeGreaterThan(150);
    expect((await pixel(bytes, 160, 300)).b).toBeGreaterThan(150);

    // A detailed photo's 2× keeps within its byte limit too.
    const detailed = await setProfile(customer.token, await noise(3000, 2000).jpeg({ quality: 92 }).toBuffer());
    const detailed2x = await media(detailed.body.profile.thumb.replace('-thumb.', '-thumb2x.'));
    expect((await detailed2x.arrayBuffer()).byteLength).toBeLessThanOrEqual(PHOTO_SIZES.thumb2x.maxBytes);

    // A photo stored before 2× squares were made (none in its row) still answers at that address:
    // its thumbnail, kept a day, so an avatar on a 2× screen is never a broken image.
    const detailedHash = parseMediaPath(detailed.body.profile.thumb)?.hash ?? '';
    await app.db('photos').where({ hash: detailedHash }).update({ thumb2x_bytes: null });
    const old = await media(photoUrl(detailedHash, 'thumb2x'));
    expect(served(old)).toEqual({ ...SERVED, cache: 'public, max-age=86400' });
    expect((await sharp(Buffer.from(await old.arrayBuffer())).metadata()).width).toBe(PHOTO_SIZES.thumb.px);

    // Removing the photo takes the 2× with it.
    await app.request(setProfilePhoto.path, { method: 'DELETE', headers: bearer(customer.token) });
    expect((await media(photoUrl(detailedHash, 'thumb2x'))).status).toBe(404);
  });

  it('fills the listing avatar that customers see on the Find Pro cards', async () => {
    const pro = await listedProfessional(app, { lat: 5.7, lng: -0.2 }, { firstName: 'Photo', lastName: 'Plumber' });
    const customer = await signUpAndPay(app);
    const search = async () => {
      const res = await app.request('/api/professionals?q=Plumber&lat=5.7&lng=-0.2', {
        headers: bearer(customer.token),
      });
      return res.body.professionals.find((p: { id: number }) => p.id === pro.userId);
    };
    expect((await search()).avatar).toBeNull();
    const res = await setProfile(pro.token, await sidewaysJpegWithGps());
    expect((await search()).avatar).toBe(res.body.profile.thumb);
    const detail = await app.request(`/api/professionals/${pro.userId}`, { headers: bearer(customer.token) });
    expect(detail.body.professional.avatar).toBe(res.body.profile.thumb);
    const record = await app.request(`/api/professional-data/${encodeURIComponent(pro.body.email)}`, {
      headers: bearer(pro.token),
    });
    expect(record.body.professional.avatar).toBe(res.body.profile.thumb);
  });
});

describe('files that are not acceptable photos', () => {
  it('accepts PNG (with transparency) and WebP, and refuses SVG, text, HEIC, truncated and 72-megapixel files with plain 400s, storing nothing', async () => {
    const customer = await signUpAndPay(app);
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: RED } })
      .webp()
      .toBuffer();
    expect((await setProfile(customer.token, png, 'image/png')).body.profile).toMatchObject({
      width: 300,
      height: 200,
    });
    expect((await setProfile(customer.token, webp, 'image/webp')).body.profile).toMatchObject({
      width: 300,
      height: 200,
    });
    const kept = await photoRows(customer.userId);

    const jpeg = await noise(600, 400).jpeg().toBuffer();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    const refused: [string, Buffer, string, string][] = [
      [
        'svg',
        Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        'image/svg+xml',
        PHOTO_MESSAGES.svg,
      ],
      [
        'svg sent as a JPEG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'image/jpeg',
        PHOTO_MESSAGES.svg,
      ],
      ['text', Buffer.from('hello, this is not a photo'), 'text/plain', PHOTO_MESSAGES.notImage],
      ['a program', Buffer.from('MZ\x90\x00 a program'), 'image/png', PHOTO_MESSAGES.notImage],
      ['heic', heic, 'image/heic', PHOTO_MESSAGES.heic],
      ['truncated jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg', PHOTO_MESSAGES.damaged],
      ['truncated png', png.subarray(0, 60), 'image/png', PHOTO_MESSAGES.damaged],
      ['empty', Buffer.alloc(0), 'image/jpeg', PHOTO_MESSAGES.empty],
    ];
    for (const [name, bytes, type, message] of refused) {
      const res = await setProfile(customer.token, bytes, type);
      expect({ name, status: res.status, body: res.body }).toEqual({
        name,
        status: 400,
        body: { success: false, code: 'invalid_input', message },
      });
    }
    // 10000 × 5000 pixels of one colour: a small file that would take 200 MB to decode.
    const huge = await sharp({ create: { width: 9_000, height: 8_000, channels: 3, background: BLUE } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    expect(await setProfile(customer.token, huge, 'image/png')).toMatchObject({
      status: 400,
      body: { success: false, message: PHOTO_MESSAGES.tooManyPixels },
    });
    expect(await photoRows(customer.userId)).toEqual(kept);
  });

  it('refuses more than 10 MB with 413 in plain words, before reading it all', async () => {
    const customer = await signUpAndPay(app);
    // A declared length over the limit is answered before one byte of the body is sent.
    const { hostname, port } = new URL(app.url);
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        hostname,
        port,
        method: 'PUT',
        path: setProfilePhoto.path,
        headers: {
          ...bearer(customer.token),
          'content-type': 'image/jpeg',
          'content-length': String(PHOTO_MAX_BYTES + 1),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ success: false, message: PHOTO_MESSAGES.tooLarge });

    // A body without a length (chunked) is cut off as soon as it passes the limit.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const profileChunked = await fetch(app.url + setProfilePhoto.path, {
      method: 'PUT',
      headers: { ...bearer(customer.token), 'content-type': 'image/jpeg' },
      body: new ReadableStream({
        pull(controller) {
          if (sent++ < 11) controller.enqueue(chunk);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(profileChunked.status).toBe(413);
    expect(await profileChunked.json()).toMatchObject({ message: PHOTO_MESSAGES.tooLarge });
    expect(await photoRows(customer.userId)).toEqual([]);
  });

  it(`limits each account to ${PHOTO_UPLOADS_PER_HOUR} uploads an hour`, async () => {
    const customer = await signUpAndPay(app);
    const png = await tiny();
    for (let i = 0; i < PHOTO_UPLOADS_PER_HOUR; i++)
      expect((await setProfile(customer.token, png, 'image/png')).status).toBe(200);
    expect(await setProfile(customer.token, png, 'image/png')).toMatchObject({
      status: 429,
      body: { message: PHOTO_MESSAGES.tooMany },
    });
    app.clock.advance(3600_000);
    expect((await setProfile(customer.token, png, 'image/png')).status).toBe(200);
  });
});

describe('work photos', () => {
  it('lets a professional add up to 6 and refuses a 7th in plain words; removal keeps the order', async () => {
    const pro = await listedProfessional(app, { lat: 5.6, lng: -0.1 });
    const colours = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        sharp({
          create: { width: 200 + i, height: 100, channels: 3, background: { r: 40 * i, g: 90, b: 200 - 30 * i } },
        })
          .png()
          .toBuffer(),
      ),
    );
    let last;
    for (const [i, bytes] of colours.entries()) {
      last = await addWork(pro.token, bytes, 'image/png');
      expect(last.status).toBe(201);
      expect(last.body.work).toHaveLength(i + 1);
    }
    expect(last!.body.work.map((p: { width: number }) => p.width)).toEqual([200, 201, 202, 203, 204, 205]);
    const seventh = await addWork(pro.token, await tiny(), 'image/png');
    expect(seventh).toMatchObject({ status: 400, body: { success: false, message: PHOTO_MESSAGES.tooManyWork } });

    const second = last!.body.work[1];
    const removed = await app.request(routePath(removeWorkPhoto.path, { id: second.id }), {
      method: 'DELETE',
      headers: bearer(pro.token),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.work.map((p: { width: number }) => p.width)).toEqual([200, 202, 203, 204, 205]);
    const again = await addWork(pro.token, await tiny(), 'image/png');
    expect(again.body.work.map((p: { width: number }) => p.width)).toEqual([200, 202, 203, 204, 205, 16]);
    expect((await app.request(ownPhotos.path, { headers: bearer(pro.token) })).body.work).toEqual(again.body.work);
  });

  it("answers 404 for another's photo and 403 for accounts that are not professionals", async () => {
    const pro = await listedProfessional(app, { lat: 5.6, lng: -0.11 });
    const other = await listedProfessional(app, { lat: 5.6, lng: -0.12 });
    const customer = await signUpAndPay(app);
    const mine = (await addWork(pro.token, await tiny(), 'image/png')).body.work[0];
    const otherProfile = (await setProfile(other.token, await tiny(), 'image/png')).body.profile;
    for (const id of [mine.id, otherProfile.id, 999_999]) {
      expect(
        await app.request(routePath(removeWorkPhoto.path, { id }), {
          method: 'DELETE',
          headers: bearer(other.token),
        }),
      ).toMatchObject({
        status: 404,
        body: { success: false, message: PHOTO_MESSAGES.notFound },
      });
    }
    expect(await addWork(customer.token, await tiny(), 'image/png')).toMatchObject({
      status: 403,
      body: { message: PHOTO_MESSAGES.onlyProfessionals },
    });
    expect(await photoRows(pro.userId)).toHaveLength(1);
    expect((await media(mine.thumb)).status).toBe(200);
  });
});

describe('administrators and addresses', () => {
  it('lets an administrator remove any photo, with an audit entry', async () => {
    const pro = await listedProfessional(app, { lat: 5.6, lng: -0.13 });
    // A colour no other test uses: equal photos share an address (it is the content's hash).
    const own = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 7, g: 77, b: 177 } } })
      .png()
      .toBuffer();
    const photo = (await addWork(pro.token, own, 'image/png')).body.work[0];
    expect((await media(photo.large)).status).toBe(200);
    // The administrator's view of the account lists it, to remove from the user dialog.
    const detail = await app.request(`/api/admin/users/${pro.userId}`, { headers: bearer(admin.token) });
    expect(detail.body.photos).toEqual([{ id: photo.id, kind: 'work', thumb: photo.thumb }]);
    const res = await app.request(routePath(adminRemovePhoto.path, { id: photo.id }), {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: PHOTO_MESSAGES.adminRemoved } });
    expect(await photoRows(pro.userId)).toEqual([]);
    expect((await media(photo.large)).status).toBe(404);
    const activity = await app.request(`/api/admin/activity?action=photo.remove`, { headers: bearer(admin.token) });
    expect(activity.body.entries[0]).toMatchObject({
      admin: admin.username,
      action: 'photo.remove',
      targetType: 'user',
      targetId: String(pro.userId),
      before: { photoId: photo.id, kind: 'work' },
    });
    expect(
      (
        await app.request(routePath(adminRemovePhoto.path, { id: photo.id }), {
          method: 'DELETE',
          headers: bearer(admin.token),
        })
      ).status,
    ).toBe(404);
    // A user's token is not an administrator's.
    expect(
      (
        await app.request(routePath(adminRemovePhoto.path, { id: photo.id }), {
          method: 'DELETE',
          headers: bearer(pro.token),
        })
      ).status,
    ).toBe(401);
  });

  it('answers 404 for any other address under /media', async () => {
    for (const path of [
      '/media/',
      '/media/abc-thumb.webp',
      `/media/${'a'.repeat(64)}-thumb.webp`,
      `/media/${'a'.repeat(64)}-huge.webp`,
    ]) {
      const res = await fetch(app.url + path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});
