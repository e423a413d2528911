import Router from '@koa/router';
import {
  PUSH_MESSAGES,
  PUSH_PATHS,
  type PushDevices,
  type PushKey,
  type PushPreferences,
  type PushSubscribedAnswer,
  pushEndpointSchema,
  pushPreferencesSchema,
  pushShownSchema,
  pushSubscriptionSchema,
} from '../../../../contract/push.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser, type UserState } from '../auth/guards.ts';
import { byAddress, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { pathId } from '../../http/ids.ts';
import { validate } from '../../http/validate.ts';
import { devices, dropDevice, markShown, sendTest, setAlsoText, subscribe, unsubscribe } from './service.ts';
import type { OkAnswer } from '../../../../contract/api.ts';

/** Notifications on the phone (docs/PRODUCT.md "Notifications on the phone"; routes in contract/push.ts). */
export function pushRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const user = requireUser(deps);
  const now = () => deps.clock.now();
  const push = { db: deps.db, clock: deps.clock, localOnly: deps.push ? deps.push.localOnly : null };
  const byUser = (ctx: { state: UserState }) => String(ctx.state.user.id);

  router.get(PUSH_PATHS.key, async (ctx) => {
    ctx.body = { publicKey: deps.push?.publicKey ?? null } satisfies PushKey;
  });

  router.get(PUSH_PATHS.devices, user, async (ctx) => {
    ctx.body = (await devices(push, ctx.state.user.id)) satisfies PushDevices;
  });

  router.post(
    PUSH_PATHS.subscriptions,
    user,
    rateLimit<UserState>(deps.db, now, [[LIMITS.pushSubscriptionsByAccount, byUser]]),
    async (ctx) => {
      const input = validate(pushSubscriptionSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = (await subscribe(push, ctx.state.user.id, ctx.state.token, input)) satisfies PushSubscribedAnswer;
    },
  );

  // Profile: a lost phone gets nothing more.
  router.delete(PUSH_PATHS.device, user, async (ctx) => {
    await dropDevice(push, ctx.state.user.id, pathId(ctx.params.id, PUSH_MESSAGES.unknownDevice));
    ctx.status = 204;
  });
  router.delete(PUSH_PATHS.subscriptions, user, async (ctx) => {
    const { endpoint } = validate(pushEndpointSchema, ctx.request.body);
    await unsubscribe(push, ctx.state.user.id, endpoint);
    ctx.status = 204;
  });

  router.post(
    PUSH_PATHS.test,
    user,
    rateLimit<UserState>(deps.db, now, [[LIMITS.pushTestsByAccount, byUser]]),
    async (ctx) => {
      const { endpoint } = validate(pushEndpointSchema, ctx.request.body);
      await sendTest({ ...push, sender: deps.push?.sender ?? null }, ctx.state.user.id, endpoint);
      ctx.status = 202;
      ctx.body = { success: true } satisfies OkAnswer;
    },
  );

  router.put(PUSH_PATHS.preferences, user, async (ctx) => {
    const { alsoText } = validate(pushPreferencesSchema, ctx.request.body);
    ctx.body = (await setAlsoText(push, ctx.state.user.id, alsoText)) satisfies PushPreferences;
  });

  // From the service worker, which has no session: the receipt in the payload is the proof.
  router.post(PUSH_PATHS.shown, rateLimit(deps.db, now, [[LIMITS.pushShownByAddress, byAddress]]), async (ctx) => {
    const { receipt } = validate(pushShownSchema, ctx.request.body);
    await markShown(push, receipt);
    ctx.status = 204;
  });

  return router;
}
