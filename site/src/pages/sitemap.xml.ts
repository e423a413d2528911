import type { APIRoute } from 'astro';
import { SITEMAP_PAGES_PATH, sitemapProfessionalsPath } from '../../../contract/directory.ts';
import { sitemapIndex } from '../components/directory/sitemap.ts';

// The public pages for search engines, as a sitemap index naming its files: the static pages and
// the directory by category, then every listed professional's page, SITEMAP_FILE_URLS a file
// (docs/PRODUCT.md "Public directory"). Rendered per request, kept by the server (api/src/site.ts).
export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const base = locals.directory.publicUrl;
  const professionals = await locals.directory.sitemapFiles();
  return sitemapIndex([
    base + SITEMAP_PAGES_PATH,
    ...Array.from({ length: professionals }, (_, i) => base + sitemapProfessionalsPath(i + 1)),
  ]);
};
