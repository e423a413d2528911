import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_CARD_SIZE, shareCardPath } from '../../../../contract/directory.ts';
import { signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { shareCardLines, shareCardSvg } from './share-card.ts';

// Every listed professional's shared link shows a picture, photo or not.
describe('share cards', () => {
  let app: TestApp;
  let pro: number;
  let customer: number;
  beforeAll(async () => {
    app = await startTestApp();
    pro = (
      await signUpAndPay(app, {
        userType: 'professional',
        profession: 'Plumber',
        location: 'Tamale',
        localAddress: 'Lamashegu',
        firstName: 'Fuseini',
        lastName: 'Abdulai',
      })
    ).userId;
    customer = (await signUpAndPay(app)).userId;
  });
  afterAll(() => app.close());
  const card = (path: string) => fetch(app.url + path);

  it('draws a 1200 × 630 PNG with the initials, name, work and rating, and keeps it', async () => {
    const res = await card(shareCardPath(pro));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', ...SHARE_CARD_SIZE });
    expect(bytes.length).toBeLessThan(80 * 1024);
    // Forty at once for the same card: all answered, from one drawing.
    const again = await Promise.all(Array.from({ length: 40 }, () => card(shareCardPath(pro))));
    expect(again.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(Buffer.from(await again[0].arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('says the rating in words, and draws again when it changes', async () => {
    expect(
      shareCardLines({ name: 'Fuseini A.', profession: 'Plumber', area: 'Tamale', rating: null, reviews: 0 }),
    ).toEqual({
      initials: 'FA',
      name: 'Fuseini A.',
      work: 'Plumber in Tamale',
      rating: 'New: no reviews yet',
    });
    expect(
      shareCardLines({ name: 'Fuseini A.', profession: 'Plumber', area: 'Tamale', rating: 4.5, reviews: 1 }).rating,
    ).toBe('★ 4.5 · 1 review');
    const drawn = async () => Buffer.from(await (await card(shareCardPath(pro))).arrayBuffer());
    const before = await drawn();
    await app.db('professional_profiles').where({ user_id: pro }).update({ review_count: 2, rating_total: 9 });
    // A kept profile is dropped when the database announces the change (or within a minute).
    await expect.poll(async () => (await drawn()).equals(before), { timeout: 20_000 }).toBe(false);
  });

  it('writes what people typed as text, never as drawing instructions', async () => {
    const svg = shareCardSvg(
      shareCardLines({
        name: '<Ama & "Co">',
        profession: 'Cook',
        area: "Ho's </text><image href='x'/>",
        rating: 5,
        reviews: 3,
      }),
    );
    expect(svg).not.toContain('<image');
    expect(svg).toContain('&lt;Ama &amp; &quot;Co&quot;&gt;');
    expect(await sharp(Buffer.from(svg)).png().toBuffer()).toBeInstanceOf(Buffer);
  });

  it('has no card for someone who is not listed, or a number that is nobody', async () => {
    for (const path of [shareCardPath(customer), shareCardPath(999_999_999), '/cards/professionals/1.jpg']) {
      const res = await card(path);
      expect(res.status, path).toBe(404);
    }
  });
});
