import { describe, expect, it } from 'vitest';
import { PHOTO_SIZES, photoSources, photoUrl } from './photos.ts';

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
