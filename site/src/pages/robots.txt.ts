import type { APIRoute } from 'astro';

// Public pages may be indexed; the signed-in areas, the API and the diagnostic pages may not.
export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /customer-dashboard',
      'Disallow: /professional-dashboard',
      'Disallow: /affiliate-dashboard',
      'Allow: /',
      `Sitemap: ${locals.directory.publicUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
