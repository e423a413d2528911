import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { narrowScriptFreePolicies, narrowScriptFreePolicy } from './script-free-csp.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const OWN_STYLE = ':root{color:#17201b}';
const OTHER_STYLE = '.island{display:grid}';
const ISLAND_SCRIPT = 'customElements.define("astro-island",class{})';
/** Astro's policy: the hashes of every inline script and style of the whole site. */
const POLICY = `default-src 'self';img-src 'self' data: https:;object-src 'none'; script-src 'self' https://js.paystack.co ${sha256(ISLAND_SCRIPT)}; style-src 'self' https://paystack.com ${sha256(OWN_STYLE)} ${sha256(OTHER_STYLE)};`;
const page = (body: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="${POLICY}"><style>${OWN_STYLE}</style></head><body>${body}</body></html>`;
const policyOf = (html: string) => /content="([^"]*)"/.exec(html)![1];

describe('narrowScriptFreePolicy', () => {
  it('lets a page without scripts run none, and keeps only the hashes of its own styles', () => {
    const policy = policyOf(narrowScriptFreePolicy(page('<h1>Terms</h1>')));
    expect(policy).toContain("script-src 'none'");
    expect(policy).not.toContain(sha256(ISLAND_SCRIPT));
    expect(policy).toContain(`style-src 'self' https://paystack.com ${sha256(OWN_STYLE)}`);
    expect(policy).not.toContain(sha256(OTHER_STYLE));
    // Every other directive as Astro wrote it.
    expect(policy).toContain("default-src 'self';img-src 'self' data: https:;object-src 'none'");
    expect(policy.length).toBeLessThan(POLICY.length);
  });

  it('leaves a page with any script, inline or not, as Astro wrote it', () => {
    for (const body of [
      `<script>${ISLAND_SCRIPT}</script>`,
      '<script type="module" src="/_astro/page.js"></script>',
      '<SCRIPT>x()</SCRIPT>',
    ]) {
      const html = page(body);
      expect(narrowScriptFreePolicy(html)).toBe(html);
    }
  });

  it('leaves a page without a policy <meta> unchanged', () => {
    const html = '<!DOCTYPE html><html><head><title>x</title></head><body></body></html>';
    expect(narrowScriptFreePolicy(html)).toBe(html);
  });
});

describe('narrowScriptFreePolicies', () => {
  it('rewrites the script-free pages of a build and counts them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-'));
    mkdirSync(join(dir, 'terms'));
    mkdirSync(join(dir, 'signin'));
    writeFileSync(join(dir, 'index.html'), page('<h1>Home</h1>'));
    writeFileSync(join(dir, 'terms', 'index.html'), page('<h1>Terms</h1>'));
    writeFileSync(join(dir, 'signin', 'index.html'), page(`<script>${ISLAND_SCRIPT}</script>`));
    writeFileSync(join(dir, 'app.js'), 'not a page');

    expect(await narrowScriptFreePolicies(dir)).toBe(2);
    expect(policyOf(readFileSync(join(dir, 'terms', 'index.html'), 'utf8'))).toContain("script-src 'none'");
    expect(readFileSync(join(dir, 'signin', 'index.html'), 'utf8')).toBe(page(`<script>${ISLAND_SCRIPT}</script>`));
    // A second run changes nothing: the build step can run again on its own output.
    expect(await narrowScriptFreePolicies(dir)).toBe(0);
  });
});
