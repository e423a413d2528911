import type { Context, Next } from 'koa';
import { HttpError } from '../../http/errors.ts';
import { readRawBody } from '../../http/raw-body.ts';
import { answerAfricasTalkingStep } from '../../../../contract/ussd.ts';

/**
 * Africa's Talking posts its callback as a form (application/x-www-form-urlencoded), which the
 * API's JSON parser does not read: its route reads the body itself, at most USSD_FORM_MAX_BYTES
 * (its fields are bounded far below: the choices of a whole session are a few hundred characters).
 */
export const USSD_FORM_MAX_BYTES = 8 * 1024;
const PREFIX = answerAfricasTalkingStep.path.slice(0, answerAfricasTalkingStep.path.indexOf(':'));

/** The Africa's Talking callback, posted: app.ts leaves its body to this route. */
export const takesUssdForm = (ctx: Context): boolean =>
  ctx.method === 'POST' && ctx.path.startsWith(PREFIX) && !!ctx.is('application/x-www-form-urlencoded');

const unreadable = () => new HttpError(400, 'invalid_input', "The callback must be a form of the gateway's fields.");

/** Reads the form into ctx.request.body (the first value of each field), for the route's schema to check. */
export async function readUssdForm(ctx: Context, next: Next): Promise<void> {
  if (!ctx.is('application/x-www-form-urlencoded'))
    throw new HttpError(415, 'unsupported_type', 'Send the callback as a form (application/x-www-form-urlencoded).');
  const body = await readRawBody(ctx.req, USSD_FORM_MAX_BYTES, 'The callback is too large for a USSD step.');
  if (body.some((byte) => byte > 0x7e || byte < 0x20)) throw unreadable();
  const fields: Record<string, string> = {};
  try {
    for (const [name, value] of new URLSearchParams(body.toString('ascii'))) {
      if (value.includes('\0')) throw unreadable();
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    }
  } catch {
    throw unreadable();
  }
  (ctx.request as { body?: unknown }).body = fields;
  await next();
}
