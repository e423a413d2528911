import { builtPages } from '../../site/integrations/built-pages.ts';
import { runsNoScript } from '../../site/integrations/script-free-csp.ts';

/**
 * The server's half of script-free pages (the build narrows their CSP <meta>:
 * site/integrations/script-free-csp.ts). The pages rendered per request that run no script (the
 * public directory and profile pages, the one-tap renewal page):
 * Astro's header policy lists every script hash of the site; these get `script-src 'none'` and no
 * COOP, like the pre-rendered script-free pages.
 */
export const SCRIPT_FREE_RENDERED = /^\/(?:professionals(?:\/[^/]*)?|pricing|renew\/[^/]*)\/?$/;

/** A header policy with its script-src made 'none'. */
export const withoutScripts = (policy: string): string => policy.replace(/script-src [^;]*/, "script-src 'none'");

/** The files of the pre-rendered pages under `clientDir` that run no script (the server leaves COOP off them). */
export async function scriptFreePages(clientDir: string): Promise<Set<string>> {
  const files = new Set<string>();
  for await (const { file, html } of builtPages(clientDir)) if (runsNoScript(html)) files.add(file);
  return files;
}
