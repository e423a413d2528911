import type { Middleware } from 'koa';
import sharp from 'sharp';
import { countOf } from '../../../../contract/counts.ts';
import { SHARE_CARD_SIZE, type PublicProfessional } from '../../../../contract/directory.ts';
import { initials } from '../../../../contract/photos.ts';
import { secondsBetween } from '../../../../contract/dates.ts';
import { imageHeaders, plainAnswer } from '../../http/image-answers.ts';
import { byAddress } from '../../http/rate-limit.ts';
import type { DirectoryReader } from './service.ts';
import { escapeMarkup } from '../../../../contract/markup.ts';

/**
 * GET /cards/professionals/{id}.png: the picture a shared profile link shows in WhatsApp and the
 * like when the professional has no photo (docs/PRODUCT.md "Public directory"): their initials,
 * name, profession and place, and rating, drawn as SVG and turned into a PNG (chat apps take no
 * SVG). Only listed professionals have one. Anyone may ask, a thousand times: a drawn card is kept
 * (by what it shows, so a new rating draws a new one), at most CARDS_KEPT of them, and always
 * served. A card not kept costs a drawing (about 70 ms of CPU), within SHARE_CARD_BUDGET; past it
 * the answer is at once a 429 (this address) or 503 (everyone), with Retry-After.
 */
const PATH = /^\/cards\/professionals\/(\d{1,9})\.png$/;
const CARDS_KEPT = 256;

/**
 * The drawing a process allows (docs/OPERATIONS.md "Share cards"). 16 anonymous clients asking
 * for cards not kept took 38% of a core and tripled sign-in times; at these numbers the drawing
 * takes at most one drawer at a time and, kept up, 2 × 70 ms of CPU a second (about 14% of a core).
 */
export const SHARE_CARD_BUDGET = {
  /** Cards drawn at the same time; up to `waiting` more wait in line. */
  drawing: 1,
  waiting: 8,
  /** Drawings for everyone: `burst` at once, then `perSecond`. */
  total: { burst: 20, perSecond: 2 },
  /** Drawings for one address (an IPv4 address, an IPv6 /64): `burst` at once, then `perSecond`. */
  perAddress: { burst: 5, perSecond: 0.5 },
  /** Addresses remembered; past it, the one heard from longest ago is forgotten. */
  addresses: 10_000,
};
export type ShareCardBudget = typeof SHARE_CARD_BUDGET;

interface Bucket {
  tokens: number;
  at: Date;
}

/** `bucket` refilled up to `now`: `perSecond` tokens a second, never above `burst`. */
function refilled(bucket: Bucket, rate: { burst: number; perSecond: number }, now: Date): Bucket {
  const seconds = Math.max(0, secondsBetween(bucket.at, now));
  return { tokens: Math.min(rate.burst, bucket.tokens + seconds * rate.perSecond), at: now };
}

/** Seconds until `bucket` has a whole token again. */
const waitFor = (bucket: Bucket, rate: { perSecond: number }) =>
  Math.max(1, Math.ceil((1 - bucket.tokens) / rate.perSecond));

/** Token buckets for one address and for the whole process: null when a drawing may start, or the refusal. */
function drawingBudget(budget: ShareCardBudget) {
  const full = (rate: { burst: number }, at: Date): Bucket => ({ tokens: rate.burst, at });
  let total: Bucket | null = null;
  const addresses = new Map<string, Bucket>();
  return (address: string, now: Date): { status: 429 | 503; retryAfter: number } | null => {
    const own = refilled(addresses.get(address) ?? full(budget.perAddress, now), budget.perAddress, now);
    const all = refilled(total ?? full(budget.total, now), budget.total, now);
    // Heard from now: the last to be forgotten.
    addresses.delete(address);
    addresses.set(address, own);
    if (addresses.size > budget.addresses) addresses.delete(addresses.keys().next().value!);
    total = all;
    if (own.tokens < 1) return { status: 429, retryAfter: waitFor(own, budget.perAddress) };
    if (all.tokens < 1) return { status: 503, retryAfter: waitFor(all, budget.total) };
    own.tokens--;
    all.tokens--;
    return null;
  };
}

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
  <text x="260" y="270" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="120" fill="#17201b">${escapeMarkup(lines.initials)}</text>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">
    <text x="480" y="200" font-weight="700" font-size="${nameSize}">${escapeMarkup(lines.name)}</text>
    <text x="480" y="275" font-size="${workSize}" fill="#e4ece7">${escapeMarkup(lines.work)}</text>
    <text x="480" y="370" font-weight="700" font-size="44" fill="#fcd116">${escapeMarkup(lines.rating)}</text>
    <text x="60" y="${height - 32}" font-weight="700" font-size="34">ServiceConnect Ghana</text>
    <text x="${width - 60}" y="${height - 32}" text-anchor="end" font-size="28" fill="#e4ece7">Book and chat in the app</text>
  </g>
</svg>`;
}

export function shareCardMiddleware(
  directory: Pick<DirectoryReader, 'profile'>,
  clock: { now(): Date },
  budget: ShareCardBudget = SHARE_CARD_BUDGET,
): Middleware {
  const kept = new Map<string, Promise<Buffer>>();
  const mayDraw = drawingBudget(budget);
  let drawing = 0;
  const queue: (() => void)[] = [];
  const lineFull = () => drawing >= budget.drawing && queue.length >= budget.waiting;
  /** Draws when a place is free (a finished drawing hands its place to the next in line). */
  function draw(svg: string): Promise<Buffer> {
    let place = Promise.resolve();
    if (drawing < budget.drawing) drawing++;
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
      if (lineFull()) return plainAnswer(ctx, 503, 'Busy, please try again in a few seconds.', { 'Retry-After': '5' });
      const refused = mayDraw(byAddress(ctx), clock.now());
      if (refused)
        return plainAnswer(
          ctx,
          refused.status,
          refused.status === 429
            ? `Too many cards asked for from your address: please try again in ${refused.retryAfter} seconds.`
            : `Busy drawing cards: please try again in ${refused.retryAfter} seconds.`,
          { 'Retry-After': String(refused.retryAfter) },
        );
      card = draw(shareCardSvg(lines));
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
