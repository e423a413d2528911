/**
 * The service worker's address of a precached page (shared with the build step that lists them,
 * site/integrations/service-worker.ts): a page is precached as its folder, `/customer-dashboard/`,
 * and asked for as `/customer-dashboard`, `/customer-dashboard/` or with a query or fragment.
 */
export function pageAddress(url: string): string {
  const { pathname } = new URL(url, 'https://x.invalid');
  const page = pathname.replace(/\/index\.html$/, '/');
  return page.endsWith('/') ? page : `${page}/`;
}
