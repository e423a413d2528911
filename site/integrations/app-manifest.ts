import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { SITE_NAME, THEME_COLOUR } from '../src/components/site.ts';

/**
 * Build step: the web app manifest and its icons, so that Android offers "Add to Home
 * screen" and the app opens full screen from there, at /app: the signed-in person's own dashboard
 * (site/src/pages/app.astro), or /signin. The icons are drawn here from the site's mark (a gold disc with an ink "S",
 * as in the header) on the theme's green, so no binary lives in the repository.
 */

export const APP_MANIFEST_FILE = 'manifest.webmanifest';
export const ICONS_DIR = 'icons';
export const ICON_SIZES = [192, 512] as const;
const GOLD = '#fcd116';
const INK = '#17201b';

const iconPath = (purpose: 'any' | 'maskable', size: number) =>
  `/${ICONS_DIR}/${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`;

export const APP_MANIFEST = {
  id: '/',
  name: SITE_NAME,
  short_name: 'ServiceConnect',
  description: 'Find trusted professionals near you in Ghana, book and chat.',
  lang: 'en-GH',
  start_url: '/app',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: '#ffffff',
  icons: ICON_SIZES.flatMap((size) =>
    (['any', 'maskable'] as const).map((purpose) => ({
      src: iconPath(purpose, size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  ),
};

/**
 * The icon as SVG on a 100-unit grid. `any`: a rounded square. `maskable`: the green to every edge,
 * since the phone cuts its own shape, and the mark inside the central circle of radius 40 that
 * every shape keeps (the "safe zone").
 */
export function iconSvg(purpose: 'any' | 'maskable', size: number): string {
  const disc = purpose === 'any' ? 36 : 30;
  const scale = disc / 36;
  const background =
    purpose === 'any'
      ? `<rect width="100" height="100" rx="20" fill="${THEME_COLOUR}"/>`
      : `<rect width="100" height="100" fill="${THEME_COLOUR}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">${background}<circle cx="50" cy="50" r="${disc}" fill="${GOLD}"/><g transform="translate(50 50) scale(${scale}) translate(-50 -50)"><path d="M63 36 C58 28 38 28 38 40 C38 51 62 48 62 60 C62 72 40 73 36 64" fill="none" stroke="${INK}" stroke-width="9" stroke-linecap="round"/></g></svg>`;
}

/** Writes the manifest and its four PNG icons into the built site. Returns the files written. */
export async function writeAppManifest(clientDir: string): Promise<string[]> {
  await mkdir(join(clientDir, ICONS_DIR), { recursive: true });
  const written: string[] = [];
  for (const icon of APP_MANIFEST.icons) {
    const size = Number(icon.sizes.split('x')[0]);
    const file = join(clientDir, icon.src);
    // A palette of at most 256 colours: three colours and their edges, about half the bytes of full colour.
    await sharp(Buffer.from(iconSvg(icon.purpose, size)))
      .png({ compressionLevel: 9, palette: true, effort: 10 })
      .toFile(file);
    written.push(file);
  }
  const manifest = join(clientDir, APP_MANIFEST_FILE);
  await writeFile(manifest, `${JSON.stringify(APP_MANIFEST, null, 2)}\n`);
  written.push(manifest);
  return written;
}
