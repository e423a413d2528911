import Router from '@koa/router';
import type { Context } from 'koa';
import * as z from 'zod/mini';
import {
  type ContactMessage,
  type ContactResponse,
  contactInputFromForm,
  contactSchema,
  contactSentPage,
  sendContactMessage as sendRoute,
} from '../../../../contract/contact.ts';
import { MINUTE_MS } from '../../../../contract/dates.ts';
import type { FieldError } from '../../../../contract/errors.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { byAddress, countRequest, LIMITS } from '../../http/rate-limit.ts';
import { bearerToken } from '../auth/index.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../http/error-middleware.ts';
import { HttpError } from '../../http/errors.ts';
import { routeTable } from '../../http/serve.ts';
import { validate } from '../../http/validate.ts';
import * as sessionsRepo from '../auth/sessions.ts';
import { isContactForm, readContactForm, refuseCrossSite } from './form.ts';
import { encodedPage, nothingSentPage, pageShell, refusedPage, sentPage } from './pages.ts';
import { CONTACT_THANKS, isContactReference, sendContactMessage } from './service.ts';

/**
 * The reference of the message just sent, kept for the page a sent form is redirected to: in a
 * cookie only that page gets (never in its address, where history, logs and a Referer would keep
 * it), which no script can read, for 15 minutes.
 */
const SENT_COOKIE = 'contact_sent';
const SENT_KEPT_MS = 15 * MINUTE_MS;

const contactAnswer = z.object({ success: z.literal(true), message: z.string(), reference: z.string() });

export function contactRoutes(deps: FeatureDeps): Router {
  const { db, clock, supportPage, payments } = deps;
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const shell = pageShell(supportPage, payments.name === 'sandbox');

  /** The same checks and limits whichever way the message came (docs/PRODUCT.md "Support"). */
  const countAddress = (ctx: Context) => countRequest(db, LIMITS.contactByAddress, byAddress(ctx), clock.now());
  async function take(ctx: Context, message: ContactMessage): Promise<ContactResponse> {
    await countRequest(db, LIMITS.contactByEmail, message.email.toLowerCase(), clock.now());
    // A signed-in sender's message is theirs (their data export shows it); a visitor's is no one's.
    const token = bearerToken(ctx.get('authorization'));
    const sender = token ? await sessionsRepo.findUser(db, token, clock.now()) : undefined;
    return sendContactMessage({ db, clock }, message, sender ? Number(sender.id) : null);
  }

  /** Sets the page's status and headers; answers its body. */
  function answerPage(ctx: Context, status: number, html: string, headers: Record<string, string> = {}) {
    ctx.status = status;
    // same-origin: the form on the page must still say where it comes from (with no-referrer its Origin is "null", refused as another site's).
    ctx.set({ ...headers, 'Content-Security-Policy': shell.policy, 'Referrer-Policy': 'same-origin' });
    ctx.type = 'html';
    return encodedPage(ctx, html);
  }

  /**
   * The support page's plain form: sent, it is redirected to its reference (a reload of that page
   * sends nothing); refused, the form comes back with what was typed and what is wrong, never a 5xx
   * for what was sent.
   */
  async function answerForm(ctx: Context) {
    let values: Awaited<ReturnType<typeof readContactForm>> = {};
    try {
      values = await readContactForm(ctx);
      refuseCrossSite(ctx);
      await countAddress(ctx);
      const { reference } = await take(ctx, validate(contactSchema, contactInputFromForm(values)));
      ctx.cookies.set(SENT_COOKIE, reference, {
        path: contactSentPage.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        maxAge: SENT_KEPT_MS,
        overwrite: true,
      });
      ctx.status = 303;
      ctx.redirect(contactSentPage.path);
    } catch (err) {
      const refusal =
        err instanceof HttpError && err.status < 500
          ? err
          : isDatabaseUnavailable(err)
            ? new HttpError(503, 'unavailable', DATABASE_UNAVAILABLE)
            : null;
      if (!refusal) throw err;
      const errors = byField(refusal.errors);
      const problem = Object.keys(errors).length ? undefined : refusal.message;
      ctx.body = answerPage(ctx, refusal.status, refusedPage(shell, { values, errors, problem }), refusal.headers);
    }
  }

  // The support page's plain form posts here too, answered with pages before the JSON body is read.
  // Each message counts against its address's limit before its body is read, a refused one too.
  const plainForm = async (ctx: Context, next: () => Promise<unknown>) =>
    isContactForm(ctx) ? answerForm(ctx) : next();
  const counted = async (ctx: Context, next: () => Promise<unknown>) => {
    await countAddress(ctx);
    await next();
  };
  serve(sendRoute, contactAnswer, (ctx, { body }) => take(ctx, body), { use: [plainForm, counted] });

  serve(contactSentPage, null, (ctx) => {
    const reference = ctx.cookies.get(SENT_COOKIE) ?? '';
    return answerPage(
      ctx,
      200,
      isContactReference(reference) ? sentPage(shell, { message: CONTACT_THANKS, reference }) : nothingSentPage(shell),
    );
  });
  return router;
}

/** The first problem of each field. */
function byField(errors: FieldError[] | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const { field, message } of errors ?? []) first[field] ??= message;
  return first;
}
