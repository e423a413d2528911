import Router from '@koa/router';
import { contactSchema } from '../../../../contract/contact.ts';
import type { AppDeps } from '../../app.ts';
import { countRequest, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { validate } from '../../http/validate.ts';
import { contactRepo } from './repo.ts';
import { sendContactMessage } from './service.ts';

export function contactRoutes({ db, clock }: AppDeps): Router {
  const router = new Router();
  const repo = contactRepo(db);
  router.post('/api/contact', rateLimit(db, () => clock.now(), [[LIMITS.contactByAddress, (ctx) => ctx.ip]]), async (ctx) => {
    const message = validate(contactSchema, ctx.request.body);
    await countRequest(db, LIMITS.contactByEmail, message.email.toLowerCase(), clock.now());
    ctx.status = 201;
    ctx.body = await sendContactMessage({ repo, clock }, message);
  });
  return router;
}
