import { ownPhotos } from '../../../contract/photos.ts';
import { actionErrorMessage } from '../lib/api.ts';
import { $photoAnswer } from './photo-changes.ts';
import { onUserEvent } from './events.ts';
import { routeLoad } from './load-store.ts';

export {
  addWorkPhoto,
  type PhotoOutcome,
  photoUploadTimeoutMs,
  removeProfilePhoto,
  removeWorkPhoto,
  uploadProfilePhoto,
} from './photo-changes.ts';

/**
 * * The signed-in account's photos: the profile photo and a professional's work photos,
 * as the server last answered, read when a photo card first shows them (stores/load-store.ts).
 * Every change is a server call whose answer replaces the store.
 */

/** GET /api/me/photos. */
const photos = routeLoad(ownPhotos, {
  failure: (error) => actionErrorMessage(error, 'Your photos could not be loaded.'),
  news: (refresh) => onUserEvent(['reset'], refresh),
})({});
export const $photos = photos.$load;
/** Try Again after a failed read. */
export const retryPhotos = photos.retry;
// A change's answer (stores/photo-changes.ts) is what the server has now.
$photoAnswer.listen((data) => {
  if (data) photos.took(data);
});
