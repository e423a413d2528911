import type { Knex } from 'knex';
import { photoUrl, type Photo, type PhotoSize } from '../../../../contract/photos.ts';
import type { Conn } from '../../db.ts';
import { usersRepo } from '../accounts/index.ts';
import type { Int8, PhotoRow } from '../../db-tables.ts';
import type { Encoded } from './images.ts';

/** Photos and their bytes (knex only). The profile photo's hash is mirrored on `users.avatar_hash`. */

export type PhotoKind = 'profile' | 'work' | 'report';

const DESCRIPTION = ['id', 'user_id', 'kind', 'position', 'hash', 'large_width', 'large_height'] as const;

export interface StoredPhoto extends Photo {
  userId: number;
  kind: PhotoKind;
  hash: string;
  /** The 2× square's address when one is stored (profile photos from when they were made), else null. */
  thumb2x: string | null;
}

/** The description's columns, and whether the 2× square is stored (without reading its bytes). */
const describe = (db: Conn) => [...DESCRIPTION, db.raw('thumb2x_bytes is not null as has_thumb2x')];
type Described = Pick<PhotoRow, (typeof DESCRIPTION)[number]> & { has_thumb2x: boolean };

const toPhoto = (r: Described): StoredPhoto => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  kind: r.kind,
  hash: r.hash,
  thumb: photoUrl(r.hash, 'thumb'),
  large: photoUrl(r.hash, 'large'),
  thumb2x: r.has_thumb2x ? photoUrl(r.hash, 'thumb2x') : null,
  width: Number(r.large_width),
  height: Number(r.large_height),
});

/** What the API shows of a stored photo. */
export const publicPhoto = ({ id, thumb, large, width, height }: StoredPhoto): Photo => ({
  id,
  thumb,
  large,
  width,
  height,
});

/** The thumbnail's address for a user row's `avatar_hash`, or null (no photo): what listings and records show. */
export const avatarUrl = (hash: string | null | undefined): string | null => (hash ? photoUrl(hash, 'thumb') : null);

/** A user's photos (descriptions only), the profile photo first, then work photos in the order added. */
export async function photosOf(db: Conn, userId: number): Promise<StoredPhoto[]> {
  const rows = await db('photos')
    .where({ user_id: userId })
    .orderByRaw("kind = 'work', position, id")
    .select<Described[]>(describe(db));
  return rows.map(toPhoto);
}

/**
 * A professional's work photos as a listing or profile page shows them, in the order added:
 * one indexed query, no bytes. For the public directory pages (/professionals/{id}).
 */
export async function workPhotos(
  db: Conn,
  userId: number,
): Promise<{ thumb: string; large: string; width: number; height: number }[]> {
  const photos = (await photosOf(db, userId)).filter((p) => p.kind === 'work');
  return photos.map(({ thumb, large, width, height }) => ({ thumb, large, width, height }));
}

export async function findPhoto(db: Conn, id: number): Promise<StoredPhoto | null> {
  const row = await db('photos').where({ id }).first<Described | undefined>(describe(db));
  return row ? toPhoto(row) : null;
}

/**
 * Locks the user row: uploads and removals of one account's photos (and one account's reports) run
 * one after the other. NO KEY UPDATE, not UPDATE: a row that names the user (a chat line's sender)
 * may still be written meanwhile, so a transaction that holds a booking and then writes such a row
 * cannot deadlock with one that holds this lock and then waits for the booking.
 */
export async function lockUser(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).forNoKeyUpdate().first('id');
}

/** An encoded photo as the columns of its row (profile, work and report photos alike). */
export const photoColumns = (photo: Encoded) => ({
  hash: photo.hash,
  thumb_width: photo.thumb.width,
  thumb_height: photo.thumb.height,
  thumb_bytes: photo.thumb.bytes,
  large_width: photo.large.width,
  large_height: photo.large.height,
  large_bytes: photo.large.bytes,
  thumb2x_bytes: photo.thumb2x?.bytes ?? null,
});

/** Sets the profile photo (replacing any earlier one) and mirrors its hash on the user row. */
export async function replaceProfilePhoto(
  trx: Knex.Transaction,
  userId: number,
  photo: Encoded,
  at: Date,
): Promise<void> {
  await trx('photos').where({ user_id: userId, kind: 'profile' }).delete();
  await trx('photos').insert({ user_id: userId, kind: 'profile', position: 0, ...photoColumns(photo), created_at: at });
  await usersRepo.setAvatar(trx, userId, photo.hash);
}

/** Adds a work photo after the others; the caller has checked there is room (under lockUser). */
export async function addWorkPhoto(trx: Knex.Transaction, userId: number, photo: Encoded, at: Date): Promise<void> {
  const position = await countWorkPhotos(trx, userId);
  await trx('photos').insert({ user_id: userId, kind: 'work', position, ...photoColumns(photo), created_at: at });
}

/** Adds a photo to a problem report, in the place given (reports/repo.ts counts the report's photos). */
export async function addReportPhoto(
  trx: Knex.Transaction,
  place: { userId: Int8; reportId: Int8; position: number },
  photo: Encoded,
  at: Date,
): Promise<void> {
  await trx('photos').insert({
    user_id: place.userId,
    kind: 'report',
    report_id: place.reportId,
    position: place.position,
    ...photoColumns(photo),
    created_at: at,
  });
}

export async function countWorkPhotos(trx: Knex.Transaction, userId: number): Promise<number> {
  const [{ n }] = await trx('photos').where({ user_id: userId, kind: 'work' }).count({ n: '*' });
  return Number(n);
}

/**
 * Removes a photo (under lockUser). Work photos after it move up one place, so positions stay
 * 0..n-1 in the order added; removing the profile photo clears the user row's avatar.
 */
export async function deletePhoto(
  trx: Knex.Transaction,
  photo: Pick<StoredPhoto, 'id' | 'userId' | 'kind'>,
): Promise<void> {
  const [gone] = await trx('photos').where({ id: photo.id }).delete().returning('position');
  if (photo.kind === 'work' && gone) {
    await trx('photos')
      .where({ user_id: photo.userId, kind: 'work' })
      .where('position', '>', gone.position)
      .decrement('position', 1);
  }
  if (photo.kind === 'profile') await usersRepo.setAvatar(trx, photo.userId, null);
}

/** Every photo of an account (deletion and anonymisation). */
export async function deleteAllPhotos(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('photos').where({ user_id: userId }).delete();
  await usersRepo.setAvatar(trx, userId, null);
}

const COLUMN = { thumb: 'thumb_bytes', thumb2x: 'thumb2x_bytes', large: 'large_bytes' } as const;

/**
 * The bytes of one size by the content hash (any owner's copy: equal hashes are equal bytes), or
 * null. A photo without a 2× square (a work photo, or a profile photo stored before they were made)
 * answers its thumbnail for it, `stand-in` true, so an avatar asking for it is never a broken image.
 */
export async function findBytes(
  db: Conn,
  hash: string,
  size: PhotoSize,
): Promise<{ bytes: Buffer; standIn: boolean } | null> {
  const row = await db('photos')
    .where({ hash })
    .first<{ bytes: Uint8Array; stand_in: boolean } | undefined>(
      size === 'thumb2x'
        ? db.raw('coalesce(thumb2x_bytes, thumb_bytes) as bytes, thumb2x_bytes is null as stand_in')
        : db.raw(`${COLUMN[size]} as bytes, false as stand_in`),
    );
  if (!row) return null;
  const raw = row.bytes;
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  return { bytes, standIn: row.stand_in === true };
}
