import { describe, expect, it } from 'vitest';
import { avatarSources, PHOTO_SIZES, photoSources, photoUrl } from './photos.ts';

describe('photo sources (a 2× screen gets more pixels than the 160 px thumbnail)', () => {
  const hash = 'a'.repeat(64);
  const photo = { thumb: photoUrl(hash, 'thumb'), large: photoUrl(hash, 'large'), width: 960, height: 720 };

  it('offers the thumbnail and the large size by their widths, for the size drawn', () => {
    expect(photoSources(photo, 160)).toEqual({
      srcSet: `/media/${hash}-thumb.webp 160w, /media/${hash}-large.webp 720w`,
      sizes: '160px',
    });
  });

  it('never offers more than the large size, which has its own byte limit', () => {
    const { srcSet } = photoSources({ ...photo, width: 0, height: 0 }, 160);
    expect(srcSet).toContain(`large.webp ${PHOTO_SIZES.large.px}w`);
    expect(PHOTO_SIZES.large.maxBytes).toBeLessThanOrEqual(80 * 1024);
  });
});

describe('avatar sources (a 96 px avatar on a 2× screen needs 192 device pixels, not 160)', () => {
  const hash = 'b'.repeat(64);

  it('offers the thumbnail and its 320 px square twin by their widths, for the size drawn', () => {
    expect(avatarSources(photoUrl(hash, 'thumb'), 96)).toEqual({
      srcSet: `/media/${hash}-thumb.webp 160w, /media/${hash}-thumb2x.webp 320w`,
      sizes: '96px',
    });
    expect(PHOTO_SIZES.thumb2x.px).toBe(2 * PHOTO_SIZES.thumb.px);
  });

  it('adds nothing to an address that is not a stored thumbnail', () => {
    expect(avatarSources(photoUrl(hash, 'large'), 96)).toBeNull();
    expect(avatarSources('https://example.com/me.jpg', 96)).toBeNull();
  });
});
