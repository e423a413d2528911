import type { APIRoute } from 'astro';
import { CATEGORIES } from '../../../../contract/categories.ts';
import { profilePath, SITEMAP_PAGES_PATH } from '../../../../contract/directory.ts';
import { urlSet } from '../../components/directory/sitemap.ts';

// The files /sitemap.xml names: /sitemaps/pages.xml, and /sitemaps/professionals-{n}.xml for the
// listed professionals. Any other name, or a file past the last, is 404.
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

export const GET: APIRoute = async ({ locals, params }) => {
  const base = locals.directory.publicUrl;
  const name = `/sitemaps/${params.file ?? ''}`;
  if (name === SITEMAP_PAGES_PATH)
    return urlSet([...STATIC, ...CATEGORIES.map((c) => `/professionals?category=${c.value}`)].map((p) => base + p));
  const file = /^\/sitemaps\/professionals-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
  const entries = file ? await locals.directory.entries(Number(file)) : [];
  if (!entries.length) return new Response(null, { status: 404 });
  return urlSet(entries.map((entry) => base + profilePath(entry)));
};
