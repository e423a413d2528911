import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import * as z from 'zod/mini';
import { answerAfricasTalkingStep, answerArkeselStep } from '../../../../contract/ussd.ts';
import { changeUssdPin } from '../../../../contract/ussd-pin.ts';
import type { Config, UssdConfig } from '../../config.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { routeTable } from '../../http/serve.ts';
import { fromAfricasTalking, fromArkesel, toAfricasTalking, toArkesel } from './adapters.ts';
import { readUssdForm } from './form.ts';
import { answerStep, changePin } from './service.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The gateway's callback answers only with the secret in its path (compared in constant time);
 * anything else is the same 404 as a path that does not exist, before the body is read.
 */
function secretInPath(ussd: UssdConfig): Middleware {
  const expected = digest(ussd.callbackSecret);
  return async (ctx, next) => {
    const given = (ctx as unknown as { params: { secret?: string } }).params.secret ?? '';
    if (!timingSafeEqual(digest(given), expected)) throw notFound('No such API endpoint.');
    await next();
  };
}

const arkeselAnswer = z.object({
  sessionID: z.string(),
  userID: z.string(),
  msisdn: z.string(),
  message: z.string(),
  continueSession: z.boolean(),
});
const pinAnswer = z.object({ success: z.literal(true), message: z.string() });

/** The phone menu (docs/PRODUCT.md "The phone menu (USSD)"): the configured gateway's callback, and the PIN from the web. */
export function ussdRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const ussd = deps.config.ussd;
  if (ussd) {
    const ussdDeps = { ...deps, config: deps.config as Config & { ussd: UssdConfig } };
    if (ussd.provider === 'africastalking') {
      serve(
        answerAfricasTalkingStep,
        null,
        async (ctx, { body }) => {
          const screen = await answerStep(ussdDeps, fromAfricasTalking(body));
          ctx.type = 'text/plain';
          return toAfricasTalking(screen);
        },
        { use: [secretInPath(ussd), readUssdForm] },
      );
    } else {
      serve(
        answerArkeselStep,
        arkeselAnswer,
        async (_ctx, { body }) => toArkesel(body, await answerStep(ussdDeps, fromArkesel(body, ussd.dialCode))),
        { use: [secretInPath(ussd)] },
      );
    }
  }
  serve(changeUssdPin, pinAnswer, async (ctx, { body }) => ({
    success: true,
    message: await changePin(deps, ctx.state.user, body.pin),
  }));
  return router;
}
