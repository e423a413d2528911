import type { Context } from 'koa';
import { CONTACT_FIELDS, type ContactField, sendContactMessage } from '../../../../contract/contact.ts';
import { isCrossSite } from '../../http/cross-site.ts';
import { HttpError } from '../../http/errors.ts';
import { readRawBody } from '../../http/raw-body.ts';

/**
 * The support page's plain form (application/x-www-form-urlencoded). Its fields are bounded by
 * the schema (a 5,000-character message, about 5,600 in all); each character a browser encodes is
 * at most 9 bytes (%E2%82%B5), so a form a browser sends is under 52 KB. The body is read to at
 * most this, declared or chunked, before anything parses it.
 */
export const CONTACT_FORM_MAX_BYTES = 64 * 1024;
export const FORM_MESSAGES = {
  tooLarge: 'This message is too long to send. Shorten it (at most 5,000 characters) and send it again.',
  unreadable: 'This form could not be read. Open the Support Center on this site and send your message from there.',
  crossSite:
    'Messages from forms on other sites are refused. Check what is below, then send it from this page with Send Message.',
} as const;

export const isContactForm = (ctx: Context): boolean => !!ctx.is('application/x-www-form-urlencoded');

/** The support page's form posted: its route reads the body itself, not the JSON parser. */
export const takesContactForm = (ctx: Context): boolean =>
  ctx.method === 'POST' && ctx.path === sendContactMessage.path && isContactForm(ctx);

/**
 * Decodes a form body strictly: only ASCII, every `%` followed by two hex digits, and what they
 * encode valid UTF-8 (a browser's own form is always so). Only the form's fields are kept, the
 * first of each name, and no NUL character.
 */
export function decodeForm(body: Buffer): Partial<Record<ContactField, string>> {
  const unreadable = () => new HttpError(400, 'invalid_input', FORM_MESSAGES.unreadable);
  if (body.some((byte) => byte > 0x7e || (byte < 0x20 && byte !== 0x0a && byte !== 0x0d))) throw unreadable();
  const fields: Partial<Record<ContactField, string>> = {};
  const text = body.toString('ascii');
  for (const pair of text ? text.split('&') : []) {
    const cut = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((cut === -1 ? pair : pair.slice(0, cut)).replaceAll('+', ' '));
      value = decodeURIComponent((cut === -1 ? '' : pair.slice(cut + 1)).replaceAll('+', ' '));
    } catch {
      throw unreadable();
    }
    if (name.includes('\0') || value.includes('\0')) throw unreadable();
    if (CONTACT_FIELDS.includes(name as ContactField) && fields[name as ContactField] === undefined)
      fields[name as ContactField] = value;
  }
  return fields;
}

/** The form's fields, read to at most CONTACT_FORM_MAX_BYTES (413 past it, the connection closed). */
export async function readContactForm(ctx: Context): Promise<Partial<Record<ContactField, string>>> {
  const body = await readRawBody(ctx.req, CONTACT_FORM_MAX_BYTES, FORM_MESSAGES.tooLarge);
  return decodeForm(body);
}

/**
 * A form posted from another site: a JSON body is the API's guard (no other site can make a
 * browser send one without asking first), which a plain form does not have. Decided by
 * Sec-Fetch-Site, Origin and Referer, as for the pages' forms (api/src/site.ts).
 */
export function refuseCrossSite(ctx: Context): void {
  if (isCrossSite((name) => ctx.get(name), `${ctx.protocol}://${ctx.host}`))
    throw new HttpError(403, 'forbidden', FORM_MESSAGES.crossSite);
}
