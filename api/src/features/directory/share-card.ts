import type { Middleware } from 'koa';
import sharp from 'sharp';
import { countOf } from '../../../../contract/counts.ts';
import { SHARE_CARD_SIZE, type PublicProfessional } from '../../../../contract/directory.ts';
import { initials } from '../../../../contract/photos.ts';
import { imageHeaders, plainAnswer } from '../../http/image-answers.ts';
import type { DirectoryReader } from './service.ts';

/**
 * GET /cards/professionals/{id}.png: the picture a shared profile link shows in WhatsApp and the
 * like when the professional has no photo (docs/PRODUCT.md "Public directory"): their initials,
 * name, profession and place, and rating, drawn as SVG and turned into a PNG (chat apps take no
 * SVG). Only listed professionals have one. Anyone may ask, a thousand times: a drawn card is kept
 * (by what it shows, so a new rating draws a new one), at most CARDS_KEPT of them, and at most
 * DRAWING at once with WAITING more waiting; beyond that the answer is 503, try again.
 */
const PATH = /^\/cards\/professionals\/(\d{1,9})\.png$/;
const CARDS_KEPT = 256;
const DRAWING = 2;
const WAITING = 16;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** At most `max` characters, with an ellipsis when cut. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A font size that fits `text` in `width` px (`em`: a character's width in ems), between `min` and `max`. */
const fit = (text: string, width: number, em: number, max: number, min: number) =>
  Math.max(min, Math.min(max, Math.floor(width / (em * Math.max(1, text.length)))));

/** What the card shows, in words: also its key in the kept cards. */
export function shareCardLines(p: Pick<PublicProfessional, 'name' | 'profession' | 'area' | 'rating' | 'reviews'>) {
  return {
    initials: initials(p.name),
    // Clipped so that even at the smallest size they fit beside the circle.
    name: clip(p.name, 28),
    work: clip(`${p.profession} in ${p.area}`, 40),
    rating: p.rating === null ? 'New: no reviews yet' : `★ ${p.rating.toFixed(1)} · ${countOf(p.reviews, 'review')}`,
  };
}

export function shareCardSvg(lines: ReturnType<typeof shareCardLines>): string {
  const { width, height } = SHARE_CARD_SIZE;
  const text = 660;
  const nameSize = fit(lines.name, text, 0.7, 68, 32);
  const workSize = fit(lines.work, text, 0.62, 40, 26);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#006b3f"/>
  <rect y="${height - 90}" width="${width}" height="90" fill="#004d2d"/>
  <circle cx="260" cy="270" r="160" fill="#fcd116"/>
  <text x="260" y="270" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="120" fill="#17201b">${escapeXml(lines.initials)}</text>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">
    <text x="480" y="200" font-weight="700" font-size="${nameSize}">${escapeXml(lines.name)}</text>
    <text x="480" y="275" font-size="${workSize}" fill="#e4ece7">${escapeXml(lines.work)}</text>
    <text x="480" y="370" font-weight="700" font-size="44" fill="#fcd116">${escapeXml(lines.rating)}</text>
    <text x="60" y="${height - 32}" font-weight="700" font-size="34">ServiceConnect Ghana</text>
    <text x="${width - 60}" y="${height - 32}" text-anchor="end" font-size="28" fill="#e4ece7">Book and chat in the app</text>
  </g>
</svg>`;
}

export function shareCardMiddleware(directory: Pick<DirectoryReader, 'profile'>): Middleware {
  const kept = new Map<string, Promise<Buffer>>();
  let drawing = 0;
  const queue: (() => void)[] = [];
  /** Draws when a place is free (a finished drawing hands its place to the next in line), or null when the line is full. */
  function draw(svg: string): Promise<Buffer> | null {
    if (drawing >= DRAWING && queue.length >= WAITING) return null;
    let place = Promise.resolve();
    if (drawing < DRAWING) drawing++;
    else place = new Promise<void>((resolve) => queue.push(resolve));
    return place.then(async () => {
      try {
        return await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
      } finally {
        const next = queue.shift();
        if (next) next();
        else drawing--;
      }
    });
  }

  return async (ctx, next) => {
    const match = PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    imageHeaders(ctx);
    const pro = await directory.profile(Number(match[1]));
    if (!pro) return plainAnswer(ctx, 404, 'Not found');
    const lines = shareCardLines(pro);
    const key = JSON.stringify(lines);
    let card = kept.get(key);
    if (!card) {
      const drawn = draw(shareCardSvg(lines));
      if (!drawn) return plainAnswer(ctx, 503, 'Busy, please try again in a few seconds.', { 'Retry-After': '5' });
      card = drawn;
      kept.set(key, card);
      card.catch(() => kept.delete(key));
      // The oldest kept card goes first (a Map keeps insertion order).
      if (kept.size > CARDS_KEPT) kept.delete(kept.keys().next().value!);
    }
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'image/png';
    ctx.body = await card;
  };
}
