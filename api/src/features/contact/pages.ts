import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { acceptedEncoding } from '../../rendered-pages.ts';
import {
  type ContactErrors,
  type ContactValues,
  contactAnswerHtml,
  contactFormHtml,
} from '../../../../site/src/components/contact/contact-form.ts';
import { escapeMarkup } from '../../../../contract/markup.ts';
import { SITE_NAME, TEST_MODE_BANNER } from '../../../../site/src/components/site.ts';

/**
 * The pages the support form's plain post is answered with (docs/PRODUCT.md "Support"), drawn in
 * the built support page's own head, header and footer, so they look like the site: its
 * stylesheet (inline, allowed by its hash), with every script and its policy taken out. Without a
 * build (the API tests) they are plain pages.
 */
export interface PageShell {
  before: string;
  after: string;
  /** The Content-Security-Policy the pages are sent with: no script at all, the shell's styles by hash. */
  policy: string;
}

const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const META_POLICY = /<meta http-equiv="content-security-policy"[^>]*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

const policyFor = (styleHashes: string[]) =>
  [
    "default-src 'none'",
    styleHashes.length ? `style-src ${styleHashes.map((h) => `'sha256-${h}'`).join(' ')}` : '',
    "img-src 'self' data:",
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]
    .filter(Boolean)
    .join('; ');

const PLAIN: PageShell = {
  before:
    '<!doctype html><html lang="en-GH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title></title></head><body><main id="main">',
  after: '</main></body></html>',
  policy: policyFor([]),
};

/**
 * The shell cut from the built support page's HTML (its <main> is where the answers go); plain
 * when not given or not understood. `testMode`: the TEST MODE strip after <body>, as the server
 * adds it to the built pages while payments run in the sandbox (api/src/site.ts).
 */
export function pageShell(builtSupportPage?: string, testMode = false): PageShell {
  if (!builtSupportPage) return PLAIN;
  const open = /<main\b[^>]*>/i.exec(builtSupportPage);
  const close = builtSupportPage.lastIndexOf('</main>');
  if (!open || close < open.index) return PLAIN;
  const clean = (html: string) => html.replace(SCRIPTS, '').replace(META_POLICY, '');
  const before = clean(builtSupportPage.slice(0, open.index + open[0].length)).replace(/<body\b[^>]*>/i, (tag) =>
    testMode ? tag + TEST_MODE_BANNER : tag,
  );
  const hashes = [...before.matchAll(STYLE)].map(([, css]) => createHash('sha256').update(css).digest('base64'));
  return { before, after: clean(builtSupportPage.slice(close)), policy: policyFor(hashes) };
}

function page(shell: PageShell, title: string, content: string): string {
  const head = shell.before.replace(
    /<title>[\s\S]*?<\/title>/i,
    `<title>${escapeMarkup(title)} | ${SITE_NAME}</title>`,
  );
  return `${head}<div class="wrap page">${content}<p><a href="/support">Back to the Support Center</a></p></div>${shell.after}`;
}

/** The form again, with what was typed kept and what is wrong said beside its field. */
export function refusedPage(
  shell: PageShell,
  form: { values: ContactValues; errors: ContactErrors; problem?: string },
): string {
  return page(
    shell,
    'Message not sent',
    `<h1>Your message was not sent</h1><p class="lead">Nothing you typed is lost: correct what is marked and send it again.</p>${contactFormHtml(form)}`,
  );
}

/** The reference of a message just sent. */
export function sentPage(shell: PageShell, answer: { message: string; reference: string }): string {
  return page(shell, 'Message sent', `<h1>Thank you</h1>${contactAnswerHtml(answer)}`);
}

/** The answer page asked for with no message just sent from this browser (it expired, or another browser). */
export function nothingSentPage(shell: PageShell): string {
  return page(
    shell,
    'Support message',
    '<h1>No message to show</h1><p>A message’s reference is shown here for 15 minutes after it is sent from this browser. To write to us, use the form on the Support Center.</p>',
  );
}

/**
 * A page's bytes as the request accepts them, brotli (quality 5, a millisecond or two) or gzip,
 * as the site's pages are sent: about 13 KB of HTML and inline stylesheet become 4 KB on 3G.
 */
export function encodedPage(ctx: Context, html: string): string | Buffer {
  const encoding = acceptedEncoding(ctx);
  ctx.vary('Accept-Encoding');
  if (!encoding) return html;
  ctx.set('Content-Encoding', encoding);
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}
