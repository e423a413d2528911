import type { APIRoute } from 'astro';
import { CATEGORIES } from '../../../contract/categories.ts';
import { profilePath } from '../../../contract/directory.ts';

// The public pages for search engines: the static ones, the directory by category, and every
// listed professional's page (docs/PRODUCT.md "Public directory"). Rendered per request.
export const prerender = false;

const STATIC = [
  '/',
  '/professionals',
  '/support',
  '/terms',
  '/privacy',
  '/affiliate-terms',
  '/signup',
  '/affiliate-signup',
];
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = async ({ locals }) => {
  const base = locals.directory.publicUrl;
  const paths = [
    ...STATIC,
    ...CATEGORIES.map((c) => `/professionals?category=${c.value}`),
    ...(await locals.directory.entries()).map(profilePath),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((p) => `  <url><loc>${escapeXml(base + p)}</loc></url>`).join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
