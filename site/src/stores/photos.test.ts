import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhotosResponse } from '../../../contract/photos.ts';
import { $photos, removeWorkPhoto, retryPhotos } from './photos.ts';

const photo = (id: number) => ({
  id,
  thumb: `/photos/${id}-t.webp`,
  large: `/photos/${id}.webp`,
  width: 800,
  height: 600,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanStores($photos);
  vi.unstubAllGlobals();
});

describe('the photos shown', () => {
  it('are read when a photo card watches them; a failure says why and Try Again reads them', async () => {
    const photos: PhotosResponse = { success: true, profile: photo(1), work: [photo(2)] };
    const fetch = vi.fn(async () => json(429, { success: false, message: 'Too many tries: wait a minute.' }));
    vi.stubGlobal('fetch', fetch);
    expect(fetch).not.toHaveBeenCalled();
    const unwatch = $photos.listen(() => undefined);
    await vi.waitFor(() =>
      expect($photos.value).toEqual({ state: 'failed', message: 'Too many tries: wait a minute.' }),
    );
    expect(fetch).toHaveBeenCalledWith('/api/me/photos', expect.anything());
    fetch.mockImplementation(async () => json(200, photos));
    await retryPhotos();
    expect($photos.value).toEqual({ state: 'loaded', data: photos });
    unwatch();
  });

  it('take the answer of a removal, and keep what is shown when it is refused', async () => {
    const after: PhotosResponse = { success: true, message: 'Photo removed.', profile: null, work: [] };
    vi.stubGlobal('fetch', async () => json(200, after));
    expect(await removeWorkPhoto(2)).toEqual({ ok: true, message: 'Photo removed.', data: after });
    expect($photos.value).toEqual({ state: 'loaded', data: after });
    vi.stubGlobal('fetch', async () => json(404, { success: false, message: 'Photo not found.' }));
    expect(await removeWorkPhoto(2)).toEqual({ ok: false, message: 'Photo not found.' });
    expect($photos.value).toEqual({ state: 'loaded', data: after });
  });
});
