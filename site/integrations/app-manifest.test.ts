import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { SITE_NAME, THEME_COLOUR } from '../src/components/site.ts';
import { APP_MANIFEST_FILE, writeAppManifest } from './app-manifest.ts';

/** A PNG's own width and height, from its IHDR chunk (bytes 16–23), as any browser reads them. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The colour of the pixel at (x, y) as #rrggbb, and its opacity. */
async function pixel(file: string, x: number, y: number): Promise<{ colour: string; alpha: number }> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  const hex = [...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, '0')).join('');
  return { colour: `#${hex}`, alpha: data[at + 3] };
}

it('writes an installable manifest: name, theme colour, start URL in scope, standalone, and 192 and 512 px icons, maskable too', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-manifest-'));
  await writeAppManifest(dir);
  const manifest = JSON.parse(readFileSync(join(dir, APP_MANIFEST_FILE), 'utf8'));
  expect(manifest).toMatchObject({
    name: SITE_NAME,
    short_name: 'ServiceConnect',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
  });
  expect(THEME_COLOUR).toBe('#006b3f');
  expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  // Chrome on Android's "Add to Home screen" asks for a 192 px and a 512 px icon; maskable ones fill its shapes.
  expect(
    manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`).sort(),
  ).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    const file = join(dir, icon.src);
    expect(pngSize(file)).toEqual({ width, height });
    // Green to its corners when maskable (the phone cuts its own shape); rounded, so clear there, when not.
    const corner = await pixel(file, 1, 1);
    if (icon.purpose === 'maskable') expect(corner).toEqual({ colour: THEME_COLOUR, alpha: 255 });
    else expect(corner.alpha).toBe(0);
    // The gold disc of the site's mark in the middle's ring, inside the safe zone.
    expect((await pixel(file, Math.round(width / 2), Math.round(height * 0.25))).colour).toBe('#fcd116');
  }
});
