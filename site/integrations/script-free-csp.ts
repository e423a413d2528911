import { createHash } from 'node:crypto';
import { rewriteBuiltPages } from './built-pages.ts';

/**
 * Build step: Astro writes one Content-Security-Policy <meta> with the hashes of every inline
 * script and style of the whole site into every page, about 900 bytes of base64 that no compressor can
 * shrink. A page that has no <script> at all (the landing page, the legal texts, the 404 page) can
 * run nothing, so its policy becomes `script-src 'none'`, and its `style-src` keeps only the hashes
 * of its own <style> blocks: a tighter policy and a quarter fewer bytes for the first page a 3G
 * visitor loads. Pages with scripts keep Astro's policy untouched: islands may add styles later.
 */

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;
const HASH = /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/;

/** A page that can run nothing: not one <script> element, inline or not (the server leaves COOP off it too). */
export const runsNoScript = (html: string): boolean => !/<script\b/i.test(html);

const hashOf = (algorithm: string, text: string) =>
  `'sha${algorithm}-${createHash(`sha${algorithm}`).update(text).digest('base64')}'`;

/** `html` with its CSP narrowed as above, or unchanged when it has a script or no CSP <meta>. */
export function narrowScriptFreePolicy(html: string): string {
  const meta = META.exec(html);
  if (!meta || !runsNoScript(html)) return html;
  const ownStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
  const directives = meta[1]
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name === 'script-src') return "script-src 'none'";
      if (name !== 'style-src') return directive;
      const kept = sources.filter((source) => {
        const algorithm = HASH.exec(source)?.[1];
        return !algorithm || ownStyles.some((style) => hashOf(algorithm, style) === source);
      });
      return [name, ...kept].join(' ');
    });
  return html.replace(meta[0], `<meta http-equiv="content-security-policy" content="${directives.join(';')}">`);
}

/** Narrows the policy of every pre-rendered page under `clientDir`. Returns how many pages changed. */
export function narrowScriptFreePolicies(clientDir: string): Promise<number> {
  return rewriteBuiltPages(clientDir, narrowScriptFreePolicy);
}
