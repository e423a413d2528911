import type { IncomingMessage } from 'node:http';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_MIN_RATE } from '../../../../contract/photos.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { readRawBody } from '../../http/raw-body.ts';
import { PhotoQueue } from './queue.ts';
import type { ReadBody, UploadDeps } from './service.ts';

const queues = new WeakMap<AppDeps, PhotoQueue>();

/**
 * What an upload needs: the app's queue of uploads being handled at once (docs/OPERATIONS.md
 * "Photo uploads"), one per app whatever kind of photo it takes (profile, work, a report's), so the
 * features that take photos share its places.
 */
export function uploadDeps(deps: AppDeps): AppDeps & UploadDeps {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new PhotoQueue();
    queues.set(deps, queue);
  }
  return { ...deps, queue };
}

/**
 * An upload's body, read once the caller may upload: at most PHOTO_MAX_BYTES, at least
 * PHOTO_MIN_RATE. A phone that gives up mid-upload is the phone's doing, not the server's (nor, as
 * its ECONNRESET would otherwise be read, the database's): a 400 no one will see, logged as such.
 */
export const photoBody =
  (req: IncomingMessage): ReadBody =>
  () =>
    readRawBody(req, PHOTO_MAX_BYTES, PHOTO_MESSAGES.tooLarge, {
      ...PHOTO_MIN_RATE,
      message: PHOTO_MESSAGES.tooSlow,
    }).catch((error) => {
      throw req.destroyed ? badRequest(PHOTO_MESSAGES.damaged) : error;
    });
