import type { MessageAnswer } from './api.ts';
import type { ReportAnswer } from './reports.ts';
import { file, json, route } from './route.ts';

/**
 * Photos (docs/PRODUCT.md "Photos"): a profile photo for every account and up to
 * WORK_PHOTOS_MAX work photos for a professional. The server decodes each upload and stores only
 * its own WebP re-encodings (no EXIF or GPS, turned upright), served from an address that holds
 * the content's hash, so it can be cached for a year.
 */

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const PHOTO_MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;
/** The one rule every photo field states: sign-up, profile and work photos take the same files. */
export const PHOTO_RULE = `A JPEG, PNG or WebP photo up to ${PHOTO_MAX_MB} MB`;
export const WORK_PHOTOS_MAX = 6;
/**
 * Pixels a photo may have (width × height): 64 MP takes a 48 or 50 MP phone camera's full-size
 * photo (8160 × 6120) and bounds what one decode may hold in memory (about 256 MB).
 */
export const PHOTO_MAX_PIXELS = 64_000_000;
/** Uploads (profile and work photos together) an account may make per hour. */
export const PHOTO_UPLOADS_PER_HOUR = 30;
/** What the file chooser offers: images, so phones offer the camera and the gallery. */
export const PHOTO_ACCEPT = 'image/*';

export const PHOTO_SIZES = {
  /** A square cut for avatars and cards. */
  thumb: { px: 160, maxBytes: 12 * 1024 },
  /**
   * The same square cut with twice the pixels, made for profile photos only: a 96 px avatar on a
   * 2× screen needs 192 device pixels. Profile photos stored before it have none: their address
   * answers the thumbnail instead (see avatarSources).
   */
  thumb2x: { px: 320, maxBytes: 36 * 1024 },
  /** The whole photo, at most this many pixels on its long side. */
  large: { px: 960, maxBytes: 80 * 1024 },
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/**
 * The slowest a photo may arrive (docs/OPERATIONS.md "Photo uploads"): from 10 s after it starts,
 * each 5 s must bring 20 KB (4 KB a second, 32 kbit/s: below a GPRS line's usual rate). A place
 * in the upload queue is held while its body arrives; a slower one is given up, so a few
 * accounts sending a trickle cannot keep every place.
 */
export const PHOTO_MIN_RATE = { bytesPerSecond: 4 * 1024, graceMs: 10_000, windowMs: 5_000 } as const;

export const PHOTO_MESSAGES = {
  tooSlow:
    'Your photo was arriving too slowly (under 4 KB a second), so it was stopped. Please try again on a stronger connection, or choose a smaller photo.',
  tooLarge: `The photo is larger than ${PHOTO_MAX_MB} MB. Please choose a smaller photo.`,
  empty: 'The file is empty. Please choose a photo.',
  notImage: 'This file is not a photo. Please choose a JPEG, PNG or WebP photo.',
  svg: 'Drawings (SVG files) cannot be used. Please choose a JPEG, PNG or WebP photo.',
  heic: 'HEIC photos cannot be read here. Please choose a JPEG, PNG or WebP photo (on an iPhone: Settings, Camera, Formats, Most Compatible).',
  tooManyPixels: 'The photo has too many pixels (more than 64 megapixels). Please choose a smaller photo.',
  damaged: 'The photo could not be read: the file is damaged or incomplete. Please choose it again or take a new one.',
  tooManyWork: `You already have ${WORK_PHOTOS_MAX} work photos. Remove one before adding another.`,
  onlyProfessionals: 'Only professional accounts add work photos.',
  notFound: 'Photo not found.',
  tooMany: `You have uploaded ${PHOTO_UPLOADS_PER_HOUR} photos in the last hour. Please wait a while before uploading more.`,
  /** The account already has its share of the photos being processed. */
  ownStillProcessing:
    'Your other photos are still being sent and processed. Please wait for them to finish, then send this one again.',
  /** Every place for photos being processed is taken. */
  serverBusy: 'Many photos are being processed right now. Please try again in a minute.',
  profileSaved: 'Profile photo saved.',
  profileRemoved: 'Profile photo removed.',
  workAdded: 'Work photo added.',
  workRemoved: 'Work photo removed.',
  adminRemoved: 'Photo removed.',
} as const;

/** One stored photo as the API shows it: its two addresses and the large size's dimensions. */
export interface Photo {
  id: number;
  thumb: string;
  large: string;
  width: number;
  height: number;
}

/**
 * A square photo drawn `cssPx` wide, as an <img>'s srcset and sizes: the thumbnail, and the large
 * size (at most PHOTO_SIZES.large.maxBytes) for a screen with more device pixels than the thumbnail
 * has, so a 2× phone does not show a 160 px work photo soft. `width`/`height` are the large size's.
 */
export function photoSources(
  photo: Pick<Photo, 'thumb' | 'large' | 'width' | 'height'>,
  cssPx: number,
): { srcSet: string; sizes: string } {
  // Cropped to a square, the large size has the pixels of its shorter side across.
  const largeAcross = Math.min(photo.width, photo.height) || PHOTO_SIZES.large.px;
  return {
    srcSet: `${photo.thumb} ${PHOTO_SIZES.thumb.px}w, ${photo.large} ${largeAcross}w`,
    sizes: `${cssPx}px`,
  };
}

/**
 * An avatar drawn `cssPx` wide from its thumbnail's address, as an <img>'s srcset and sizes: the
 * thumbnail, and the same square at twice the pixels (PHOTO_SIZES.thumb2x) for a screen that needs
 * more than the thumbnail has. Null for an address that is not a stored thumbnail (nothing to add).
 */
export function avatarSources(thumb: string, cssPx: number): { srcSet: string; sizes: string } | null {
  const parsed = parseMediaPath(thumb);
  if (parsed?.size !== 'thumb') return null;
  const { thumb: one, thumb2x: two } = PHOTO_SIZES;
  return { srcSet: `${thumb} ${one.px}w, ${photoUrl(parsed.hash, 'thumb2x')} ${two.px}w`, sizes: `${cssPx}px` };
}

/** What every /api/me/photo(s) call answers: the caller's photos after the change. */
export interface PhotosResponse {
  success: true;
  message?: string;
  profile: Photo | null;
  /** Work photos in the order added (always empty for customers and affiliates). */
  work: Photo[];
}

/** A photo's public address: the hash makes it change whenever the bytes do. */
export const photoUrl = (hash: string, size: PhotoSize) => `/media/${hash}-${size}.webp`;
/** `/media/{64 hex}-{thumb|thumb2x|large}.webp` → its parts, or null. */
export function parseMediaPath(path: string): { hash: string; size: PhotoSize } | null {
  const match = /^\/media\/([0-9a-f]{64})-(thumb|thumb2x|large)\.webp$/.exec(path);
  return match ? { hash: match[1], size: match[2] as PhotoSize } : null;
}

/**
 * The check a phone can make before sending: the size, and a type that is plainly not a photo.
 * The server decides by the bytes anyway. Null when the file may be sent.
 */
export function checkPhotoFile(file: { size: number; type: string; name?: string }): string | null {
  if (file.size === 0) return PHOTO_MESSAGES.empty;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name ?? '')) return PHOTO_MESSAGES.svg;
  if (file.type && !file.type.startsWith('image/')) return PHOTO_MESSAGES.notImage;
  return null;
}

/** "Ama Mensah" → "AM"; "kofi" → "K"; "" → "?". For the circle shown when there is no photo. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  const letters = parts.length === 1 ? [parts[0]] : [parts[0], parts[parts.length - 1]];
  return letters.map((p) => Array.from(p)[0].toUpperCase()).join('');
}

/* The uploads' bodies are the photos' bytes (not JSON): the server reads and checks them itself. */

export const ownPhotos = route({
  method: 'GET',
  path: '/api/me/photos',
  caller: 'signed-in',
  answer: json<PhotosResponse>(),
  summary: 'The caller’s profile photo and work photos.',
});

export const setProfilePhoto = route({
  method: 'PUT',
  path: '/api/me/photo',
  caller: 'signed-in',
  answer: json<PhotosResponse>(),
  summary: 'Sets or replaces the profile photo (the body is the photo’s bytes).',
});

export const removeProfilePhoto = route({
  method: 'DELETE',
  path: '/api/me/photo',
  caller: 'signed-in',
  answer: json<PhotosResponse>(),
  summary: 'Removes the profile photo.',
});

export const addWorkPhoto = route({
  method: 'POST',
  path: '/api/me/work-photos',
  caller: 'signed-in',
  answer: json<PhotosResponse>(),
  status: 201,
  summary: 'A professional adds a work photo (the body is the photo’s bytes).',
});

export const removeWorkPhoto = route({
  method: 'DELETE',
  path: '/api/me/work-photos/:id',
  caller: 'signed-in',
  answer: json<PhotosResponse>(),
  summary: 'A professional removes one of their work photos.',
});

export const addReportPhoto = route({
  method: 'POST',
  path: '/api/reports/:id/photos',
  caller: 'signed-in',
  answer: json<ReportAnswer>(),
  status: 201,
  summary: 'A photo added to a problem report by one of its parties (the body is the photo’s bytes).',
});

export const adminRemovePhoto = route({
  method: 'DELETE',
  path: '/api/admin/photos/:id',
  caller: 'admin',
  answer: json<MessageAnswer>(),
  summary: 'An administrator removes anyone’s photo, audited.',
});

/** A stored photo's bytes: `/media/{hash}-{thumb|thumb2x|large}.webp` (parseMediaPath), cached for a year. */
export const photoFile = route({
  method: 'GET',
  path: '/media/:file',
  caller: 'anyone',
  answer: file('image/webp'),
  summary: 'A stored photo’s WebP bytes; the address holds the content’s hash, so it is cached for a year.',
});
