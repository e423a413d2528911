import { atom } from 'nanostores';
import {
  addWorkPhoto as addWorkRoute,
  checkPhotoFile,
  type PhotosResponse,
  removeProfilePhoto as removeProfileRoute,
  removeWorkPhoto as removeWorkRoute,
  setProfilePhoto,
} from '../../../contract/photos.ts';
import { actionErrorMessage } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { $session } from './session.ts';

/**
 * The changes to the signed-in account's photos. Apart from stores/photos.ts, which holds
 * what the server last answered: the sign-up wizard uploads a photo on a first visit, whose script
 * budget has no room for the live stream a shown store follows. Each answer is `$photoAnswer`, which
 * the shown store takes.
 */

export type PhotoOutcome = { ok: true; message: string; data: PhotosResponse } | { ok: false; message: string };

/** The server's answer to the last change made here. */
export const $photoAnswer = atom<PhotosResponse | null>(null);

const token = () => $session.get().token;
const FALLBACK = 'The photo could not be saved. Please try again.';

/** Time allowed for an upload: 30 s plus the file at 16 KB/s (a slow 3G uplink): 10 MB gets about 11 minutes. */
export const photoUploadTimeoutMs = (bytes: number): number => 30_000 + Math.ceil(bytes / 16_384) * 1000;

/** A photo's bytes as the body, with time for them on a slow line. */
const upload = (file: File) => ({ file, token: token(), timeoutMs: photoUploadTimeoutMs(file.size) });

async function change(send: (file?: File) => Promise<PhotosResponse>, file?: File): Promise<PhotoOutcome> {
  if (file) {
    const problem = checkPhotoFile(file);
    if (problem) return { ok: false, message: problem };
  }
  try {
    const data = await send(file);
    $photoAnswer.set(data);
    return { ok: true, message: data.message ?? '', data };
  } catch (error) {
    return { ok: false, message: actionErrorMessage(error, FALLBACK) };
  }
}

/** PUT /api/me/photo: a file that fails the phone's check is never sent. */
export const uploadProfilePhoto = (file: File) => change(() => call(setProfilePhoto, {}, upload(file)), file);
export const removeProfilePhoto = () => change(() => call(removeProfileRoute, {}, { token: token() }));
export const addWorkPhoto = (file: File) => change(() => call(addWorkRoute, {}, upload(file)), file);
export const removeWorkPhoto = (id: number) =>
  change(() => call(removeWorkRoute, { params: { id } }, { token: token() }));
