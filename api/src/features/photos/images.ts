import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { PHOTO_MAX_PIXELS, PHOTO_MESSAGES, PHOTO_SIZES } from '../../../../contract/photos.ts';
import { badRequest, HttpError } from '../../http/errors.ts';

/**
 * Turns an uploaded file into the WebP sizes we keep (docs/PRODUCT.md "Photos"). The bytes
 * decide what the file is, never its name or declared type: only JPEG, PNG and WebP reach the
 * decoder (an SVG is a program for librsvg, and HEIC needs a codec the prebuilt sharp lacks). The
 * decoder refuses more than PHOTO_MAX_PIXELS before decoding and a file cut short. Output is
 * encoded from the decoded pixels, so nothing of the original's metadata (EXIF, GPS, comments)
 * can pass through; EXIF orientation is applied first.
 */

export interface Encoded {
  hash: string;
  thumb: { width: number; height: number; bytes: Buffer };
  large: { width: number; height: number; bytes: Buffer };
  /** The thumbnail's square at twice its pixels: profile photos only (PHOTO_SIZES.thumb2x). */
  thumb2x?: { width: number; height: number; bytes: Buffer };
}

type Raw = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

type Kind = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format these leading bytes start, or the reason the file is refused. */
export function sniffPhoto(bytes: Buffer): Kind {
  if (bytes.length === 0) throw badRequest(PHOTO_MESSAGES.empty);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) throw badRequest(PHOTO_MESSAGES.heic);
  }
  // An SVG is text: <svg …>, or an XML declaration, a comment or a doctype before it (maybe after a BOM).
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<') && head.includes('<svg'))) throw badRequest(PHOTO_MESSAGES.svg);
  throw badRequest(PHOTO_MESSAGES.notImage);
}

const QUALITIES = [80, 70, 60, 50, 40, 30];

/**
 * WebP of these pixels no larger than `maxBytes`: lower quality step by step, then fewer pixels
 * (a photo full of fine detail may need both).
 */
async function webpUnder(raw: Raw, maxBytes: number) {
  let { width, height } = raw;
  for (let scale = 1; ; scale *= 0.8) {
    const w = Math.max(1, Math.round(raw.width * scale));
    const h = Math.max(1, Math.round(raw.height * scale));
    for (const quality of QUALITIES) {
      const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
      if (scale < 1) image.resize(w, h);
      const bytes = await image.webp({ quality, effort: 4 }).toBuffer();
      width = w;
      height = h;
      if (bytes.length <= maxBytes || (w <= 16 && h <= 16)) return { width, height, bytes };
    }
  }
}

/** The photo's square cut (the same place for every side, so the 2× is the thumbnail's twin), in WebP under the size's bytes. */
async function square(raw: Raw, size: { px: number; maxBytes: number }) {
  const cut = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    .resize(size.px, size.px, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = cut.info;
  return webpUnder({ data: cut.data, width, height, channels }, size.maxBytes);
}

/**
 * Decodes, checks and re-encodes an upload; a bad or hostile file is a 400 in plain words. The
 * decoding waits for `inTurn` (a decoder of the PhotoQueue; a 64 MP decode holds about 256 MB);
 * a file that is plainly not a photo is refused before it waits. `avatar` (a profile photo) adds
 * the 2× square an avatar on a 2× screen is drawn from.
 */
export async function encodePhoto(
  bytes: Buffer,
  inTurn: <T>(work: () => Promise<T>) => Promise<T>,
  { avatar = false }: { avatar?: boolean } = {},
): Promise<Encoded> {
  const kind = sniffPhoto(bytes);
  return inTurn(async () => {
    const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' as const, sequentialRead: true };
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      const meta = await sharp(bytes, options).metadata();
      if (meta.format !== kind) throw badRequest(PHOTO_MESSAGES.notImage);
      if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_MAX_PIXELS) throw badRequest(PHOTO_MESSAGES.tooManyPixels);
      const { px } = PHOTO_SIZES.large;
      decoded = await sharp(bytes, options)
        .rotate()
        .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const message = error instanceof Error ? error.message : '';
      throw badRequest(/pixel limit/i.test(message) ? PHOTO_MESSAGES.tooManyPixels : PHOTO_MESSAGES.damaged);
    }
    const { data, info } = decoded;
    const raw = { data, width: info.width, height: info.height, channels: info.channels };
    const large = await webpUnder(raw, PHOTO_SIZES.large.maxBytes);
    const thumb = await square(raw, PHOTO_SIZES.thumb);
    const thumb2x = avatar ? await square(raw, PHOTO_SIZES.thumb2x) : undefined;
    const hash = createHash('sha256').update(large.bytes).update(thumb.bytes);
    if (thumb2x) hash.update(thumb2x.bytes);
    return { hash: hash.digest('hex'), thumb, large, ...(thumb2x && { thumb2x }) };
  });
}
