import type { SessionUser } from '../../../../contract/account-types.ts';
import { PHOTO_MESSAGES, WORK_PHOTOS_MAX, type PhotosResponse } from '../../../../contract/photos.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { countRequest, LIMITS } from '../../http/rate-limit.ts';
import type { AdminIdentity } from '../admin/index.ts';
import { recordAudit } from '../audit/index.ts';
import { encodePhoto } from './images.ts';
import type { PhotoQueue } from './queue.ts';
import * as repo from './repo.ts';

/**
 * Profile and work photos (docs/PRODUCT.md "Photos"). Every upload takes a place in the
 * process's PhotoQueue and is counted against the account's hourly limit before its body is read,
 * is decoded and re-encoded before anything is stored, and is written under the account's row
 * lock, so two uploads at once cannot make 7 work photos.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** What an upload needs besides the database: the process's queue of uploads being handled. */
export type UploadDeps = Deps & { queue: PhotoQueue };

/** The upload's body: read only once the caller may upload (at most PHOTO_MAX_BYTES). */
export type ReadBody = () => Promise<Buffer>;

async function answer(db: Deps['db'], userId: number, message?: string): Promise<PhotosResponse> {
  const photos = await repo.photosOf(db, userId);
  const profile = photos.find((p) => p.kind === 'profile');
  return {
    success: true,
    ...(message && { message }),
    profile: profile ? repo.publicPhoto(profile) : null,
    work: photos.filter((p) => p.kind === 'work').map(repo.publicPhoto),
  };
}

const onlyProfessionals = (user: SessionUser) => {
  if (user.userType !== 'professional') throw forbidden(PHOTO_MESSAGES.onlyProfessionals);
};

/**
 * Takes a place in the queue (or is refused at once, nothing read), counts the upload, then reads
 * and re-encodes it in its turn; a bad file is a 400 and nothing is stored. The place is left
 * however it ends, a phone that gave up included.
 */
export async function receive(deps: UploadDeps, user: SessionUser, read: ReadBody, options?: { avatar?: boolean }) {
  const place = deps.queue.enter(user.id);
  try {
    await countRequest(deps.db, LIMITS.photoUploadsByAccount, String(user.id), deps.clock.now());
    const bytes = await read();
    return await encodePhoto(bytes, place.decode, options);
  } finally {
    place.leave();
  }
}

/** GET /api/me/photos. */
export const ownPhotos = (deps: Deps, user: SessionUser) => answer(deps.db, user.id);

/** PUT /api/me/photo: sets or replaces the profile photo. */
export async function setProfilePhoto(deps: UploadDeps, user: SessionUser, read: ReadBody): Promise<PhotosResponse> {
  const photo = await receive(deps, user, read, { avatar: true });
  await deps.db.transaction(async (trx) => {
    await repo.lockUser(trx, user.id);
    await repo.replaceProfilePhoto(trx, user.id, photo, deps.clock.now());
  });
  return answer(deps.db, user.id, PHOTO_MESSAGES.profileSaved);
}

/** DELETE /api/me/photo: no photo afterwards, whether there was one or not. */
export async function removeProfilePhoto(deps: Deps, user: SessionUser): Promise<PhotosResponse> {
  await deps.db.transaction(async (trx) => {
    await repo.lockUser(trx, user.id);
    const profile = (await repo.photosOf(trx, user.id)).find((p) => p.kind === 'profile');
    if (profile) await repo.deletePhoto(trx, profile);
  });
  return answer(deps.db, user.id, PHOTO_MESSAGES.profileRemoved);
}

/** POST /api/me/work-photos: a 7th is refused before its body is read, and again under the lock. */
export async function addWorkPhoto(deps: UploadDeps, user: SessionUser, read: ReadBody): Promise<PhotosResponse> {
  onlyProfessionals(user);
  const full = async (conn: Deps['db']) =>
    (await repo.photosOf(conn, user.id)).filter((p) => p.kind === 'work').length >= WORK_PHOTOS_MAX;
  if (await full(deps.db)) throw badRequest(PHOTO_MESSAGES.tooManyWork);
  const photo = await receive(deps, user, read);
  await deps.db.transaction(async (trx) => {
    await repo.lockUser(trx, user.id);
    if ((await repo.countWorkPhotos(trx, user.id)) >= WORK_PHOTOS_MAX) throw badRequest(PHOTO_MESSAGES.tooManyWork);
    await repo.addWorkPhoto(trx, user.id, photo, deps.clock.now());
  });
  return answer(deps.db, user.id, PHOTO_MESSAGES.workAdded);
}

/** DELETE /api/me/work-photos/{id}: one's own work photo only; anyone else's is "not found". */
export async function removeWorkPhoto(deps: Deps, user: SessionUser, photoId: number): Promise<PhotosResponse> {
  onlyProfessionals(user);
  await deps.db.transaction(async (trx) => {
    await repo.lockUser(trx, user.id);
    const photo = await repo.findPhoto(trx, photoId);
    if (!photo || photo.userId !== user.id || photo.kind !== 'work') throw notFound(PHOTO_MESSAGES.notFound);
    await repo.deletePhoto(trx, photo);
  });
  return answer(deps.db, user.id, PHOTO_MESSAGES.workRemoved);
}

/** DELETE /api/admin/photos/{id}: any photo, with its audit entry in the same transaction. */
export async function adminRemovePhoto(
  deps: Deps,
  admin: AdminIdentity,
  photoId: number,
): Promise<{ success: true; message: string }> {
  await deps.db.transaction(async (trx) => {
    const photo = await repo.findPhoto(trx, photoId);
    if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
    await repo.lockUser(trx, photo.userId);
    await repo.deletePhoto(trx, photo);
    await recordAudit(trx, {
      admin,
      action: 'photo.remove',
      targetType: 'user',
      targetId: photo.userId,
      before: { photoId: photo.id, kind: photo.kind, hash: photo.hash },
      after: null,
      at: deps.clock.now(),
    });
  });
  return { success: true, message: PHOTO_MESSAGES.adminRemoved };
}
