import { escapeMarkup } from '../../../../contract/markup.ts';
// The sitemap protocol's two documents (https://www.sitemaps.org/protocol.html): a file of page
// addresses, and the index that names the files. docs/PRODUCT.md "Public directory".

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const locs = (tag: 'url' | 'sitemap', addresses: string[]) =>
  addresses.map((address) => `  <${tag}><loc>${escapeMarkup(address)}</loc></${tag}>`).join('\n');

/** Search engines read it again within the hour; the server keeps it 10 minutes (SITEMAP_KEPT_MS). */
const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });

/** A sitemap file: the absolute addresses of pages. */
export const urlSet = (addresses: string[]): Response =>
  xml(`<urlset xmlns="${NAMESPACE}">\n${locs('url', addresses)}\n</urlset>`);

/** The sitemap index: the absolute addresses of the files. */
export const sitemapIndex = (files: string[]): Response =>
  xml(`<sitemapindex xmlns="${NAMESPACE}">\n${locs('sitemap', files)}\n</sitemapindex>`);
