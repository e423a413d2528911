import Router from '@koa/router';
import {
  PUSH_MESSAGES,
  pushDevices,
  pushKey,
  pushShown,
  removePushDevice,
  sendTestPush,
  setPushPreferences,
  subscribePush,
  unsubscribePush,
} from '../../../../contract/push.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import type { UserState } from '../auth/index.ts';
import { byAddress, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { pathId } from '../../http/ids.ts';
import { routeTable } from '../../http/serve.ts';
import {
  noContent,
  okAnswer,
  pushDevicesAnswer,
  pushKeyAnswer,
  pushPreferencesAnswer,
  pushSubscribedAnswer,
} from './answers.ts';
import { devices, dropDevice, markShown, sendTest, setAlsoText, subscribe, unsubscribe } from './service.ts';

/** Notifications on the phone (docs/PRODUCT.md "Notifications on the phone"; routes in contract/push.ts). */
export function pushRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const now = () => deps.clock.now();
  const push = { db: deps.db, clock: deps.clock, localOnly: deps.push ? deps.push.localOnly : null };
  const byUser = (ctx: { state: UserState }) => String(ctx.state.user.id);

  serve(pushKey, pushKeyAnswer, () => ({ publicKey: deps.push?.publicKey ?? null }));

  serve(pushDevices, pushDevicesAnswer, (ctx) => devices(push, ctx.state.user.id));

  serve(
    subscribePush,
    pushSubscribedAnswer,
    (ctx, { body }) => subscribe(push, ctx.state.user.id, ctx.state.token, body),
    { use: [rateLimit<UserState>(deps.db, now, [[LIMITS.pushSubscriptionsByAccount, byUser]])] },
  );

  // Profile: a lost phone gets nothing more.
  serve(removePushDevice, noContent, async (ctx) => {
    await dropDevice(push, ctx.state.user.id, pathId(ctx.params.id, PUSH_MESSAGES.unknownDevice));
    return null;
  });
  serve(unsubscribePush, noContent, async (ctx, { body }) => {
    await unsubscribe(push, ctx.state.user.id, body.endpoint);
    return null;
  });

  serve(
    sendTestPush,
    okAnswer,
    async (ctx, { body }) => {
      await sendTest({ ...push, sender: deps.push?.sender ?? null }, ctx.state.user.id, body.endpoint);
      return { success: true };
    },
    { use: [rateLimit<UserState>(deps.db, now, [[LIMITS.pushTestsByAccount, byUser]])] },
  );

  serve(setPushPreferences, pushPreferencesAnswer, (ctx, { body }) =>
    setAlsoText(push, ctx.state.user.id, body.alsoText),
  );

  // From the service worker, which has no session: the receipt in the payload is the proof.
  serve(
    pushShown,
    noContent,
    async (_ctx, { body }) => {
      await markShown(push, body.receipt);
      return null;
    },
    { use: [rateLimit(deps.db, now, [[LIMITS.pushShownByAddress, byAddress]])] },
  );

  return router;
}
