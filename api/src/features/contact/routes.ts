import Router from '@koa/router';
import { CONTACT_PATHS, type ContactResponse, contactSchema } from '../../../../contract/contact.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { byAddress, countRequest, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { bearerToken } from '../../http/auth.ts';
import { validate } from '../../http/validate.ts';
import * as sessionsRepo from '../auth/sessions.ts';
import { sendContactMessage } from './service.ts';

export function contactRoutes({ db, clock }: AppDeps): Router {
  const router = new Router<RequestState>();
  router.post(
    CONTACT_PATHS.send,
    rateLimit(db, () => clock.now(), [[LIMITS.contactByAddress, byAddress]]),
    async (ctx) => {
      const message = validate(contactSchema, ctx.request.body);
      await countRequest(db, LIMITS.contactByEmail, message.email.toLowerCase(), clock.now());
      // A signed-in sender's message is theirs (their data export shows it); a visitor's is no one's.
      const token = bearerToken(ctx.get('authorization'));
      const sender = token ? await sessionsRepo.findUser(db, token, clock.now()) : undefined;
      ctx.status = 201;
      ctx.body = (await sendContactMessage(
        { db, clock },
        message,
        sender ? Number(sender.id) : null,
      )) satisfies ContactResponse;
    },
  );
  return router;
}
