import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageShell, refusedPage, sentPage } from './pages.ts';

const BUILT = `<!doctype html><html lang="en-GH"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'sha256-x'"><title>Support Center | ServiceConnect Ghana</title><style>.a{color:red}</style><script>window.kept = 1</script></head><body><a class="skip" href="#main">Skip</a><header>Site header</header><main id="main" tabindex="-1"><h1>Support Center</h1><script type="module">send()</script></main><footer>Site footer</footer></body></html>`;

describe("the support form's answer pages", () => {
  it("are drawn in the built page's head, header and footer, with its styles allowed by hash and no script", () => {
    const shell = pageShell(BUILT);
    const html = sentPage(shell, { message: 'Thanks', reference: 'SUP-20261122-ABCDEF' });
    expect(html).toContain(
      '<header>Site header</header><main id="main" tabindex="-1"><div class="wrap page"><h1>Thank you</h1>',
    );
    expect(html).toContain('<footer>Site footer</footer>');
    expect(html).toContain('<title>Message sent | ServiceConnect Ghana</title>');
    expect(html).not.toContain('Support Center</h1>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('http-equiv="content-security-policy"');
    const hash = createHash('sha256').update('.a{color:red}').digest('base64');
    expect(shell.policy).toContain(`style-src 'sha256-${hash}'`);
    expect(shell.policy).toMatch(/^default-src 'none'/);
    expect(shell.policy).not.toContain('script-src');
  });

  it('carry the TEST MODE strip while payments run in the sandbox, as the built pages do', () => {
    expect(sentPage(pageShell(BUILT, true), { message: 'Thanks', reference: 'SUP-20261122-ABCDEF' })).toContain(
      '<body><p class="test-mode-banner" role="note"><strong>TEST MODE</strong>',
    );
    expect(sentPage(pageShell(BUILT), { message: 'Thanks', reference: 'SUP-20261122-ABCDEF' })).not.toContain(
      'TEST MODE',
    );
  });

  it('are plain pages without a build, or with a page they cannot cut', () => {
    for (const shell of [pageShell(), pageShell('<html><body>no main</body></html>')]) {
      const html = refusedPage(shell, { values: { name: 'Ama' }, errors: { message: 'Missing' } });
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('value="Ama"');
      expect(shell.policy).not.toContain('style-src');
    }
  });
});
