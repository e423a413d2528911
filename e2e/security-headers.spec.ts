import { expect, test } from './fixtures/test.ts';
import { allowGonePage, pageReady, pageStatus, sitePages } from './fixtures/pages.ts';

// Security headers and a CSP on every page, and no page broken by its own
// CSP. The pages are every .astro file under site/src/pages, so a new page is checked too.
const PAGES = sitePages();

test('the page list covers the site', () => {
  expect(PAGES).toEqual(
    expect.arrayContaining(['/', '/signin', '/signup', '/terms', '/customer-dashboard', '/no-such-page']),
  );
});

for (const path of PAGES) {
  test(`${path}: security headers, a CSP without inline script allowances, and no CSP violation`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const renewal = path.startsWith('/renew/');
    allowGonePage(pageErrors, path);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto(path);
    expect(response, path).not.toBeNull();
    expect(response!.status()).toBe(pageStatus(path));
    const headers = response!.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    // The renewal page's address holds its key: it is never sent to another site.
    expect(headers['referrer-policy']).toBe(renewal ? 'same-origin' : 'strict-origin-when-cross-origin');
    expect(await response!.headerValues('content-security-policy')).toContainEqual(
      expect.stringContaining("frame-ancestors 'none'"),
    );

    // Astro's policy (a <meta> on pre-rendered pages, a header on pages rendered per request):
    // only hashed inline scripts, no 'unsafe-inline' or 'unsafe-eval'.
    // Read from the page as served, asked for again: a guarded page may already have gone on to
    // the sign-in page, and the browser no longer has its body.
    const served = await (await request.get(path)).text();
    const meta =
      /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(served)?.[1].replaceAll('&#39;', "'") ??
      null;
    const policy =
      meta ?? (await response!.headerValues('content-security-policy')).find((value) => value.includes('default-src'));
    expect(policy, `${path} has Astro's policy`).toBeTruthy();
    const scriptSrc = /script-src ([^;]*)/.exec(policy!)?.[1] ?? '';
    // A page without a script runs none (site/integrations/script-free-csp.ts); the others only their own.
    const hasScript = /<script\b/i.test(served);
    if (hasScript) expect(scriptSrc).toContain("'self'");
    else expect(scriptSrc).toBe("'none'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy).toContain("default-src 'self'");

    // COOP on every page that runs a script, and only there (api/src/site.ts); pinned for two
    // pages as well, so that a wrong test for "runs a script" in both places cannot hide.
    if (path === '/terms' || path === '/') expect(hasScript).toBe(false);
    if (path === '/signin') expect(hasScript).toBe(true);
    expect(headers['cross-origin-opener-policy'] ?? null).toBe(hasScript ? 'same-origin-allow-popups' : null);

    // Every island that wakes by itself has run and fetched what it shows before the count.
    await pageReady(page, { loaded: path !== '/app-shell-test' });
    expect(violations).toEqual([]);
  });
}

test("the build's scripts and stylesheets carry nosniff and none of a document's headers, nor the request's id", async ({
  request,
}) => {
  const page = await (await request.get('/signin')).text();
  const assets = [...page.matchAll(/"(\/_astro\/[\w.-]+\.(?:js|css))"/g)].map((match) => match[1]);
  expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
  for (const asset of new Set(assets)) {
    const headers = (await request.get(asset)).headers();
    expect(headers['x-content-type-options'], asset).toBe('nosniff');
    expect(headers['cache-control'], asset).toContain('immutable');
    for (const document of [
      'x-frame-options',
      'content-security-policy',
      'referrer-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'x-request-id',
    ])
      expect(headers[document], `${asset} ${document}`).toBeUndefined();
  }
});
