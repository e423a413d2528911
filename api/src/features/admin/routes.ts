import Router from '@koa/router';
import {
  ADMIN_MESSAGES,
  adminLogin,
  adminLogout,
  deleteAdminUser,
  getAdminSettings,
  getAdminStats,
  getAdminUser,
  listAdminActivity,
  listAdminAffiliates,
  listAdminPayments,
  listAdminPayouts,
  listAdminUsers,
  moveAdminPayout,
  remindAdminUser,
  saveAdminSettings,
  setAdminUserStatus,
  type SettingsResponse,
  updateAdminUserProfile,
} from '../../../../contract/admin.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { isEmbedded } from '../../db.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { messageAnswer } from '../../http/common-answers.ts';
import { pathId } from '../../http/ids.ts';
import { routeTable } from '../../http/serve.ts';
import { adminLogin as signIn, adminSessions } from './accounts.ts';
import * as actions from './actions.ts';
import {
  adminActivityAnswer,
  adminAffiliatesAnswer,
  adminLoginAnswer,
  adminPaymentsAnswer,
  adminPayoutAnswer,
  adminPayoutsAnswer,
  adminStatsAnswer,
  adminUserAnswer,
  adminUserDetailAnswer,
  adminUsersAnswer,
  settingsAnswer,
  settingsSavedAnswer,
} from './answers.ts';
import { listActivity, listUserActivity } from '../audit/index.ts';
import { photosOf } from '../photos/index.ts';
import { adminStats, findAdminUser, listAffiliates, listPayments, listPayouts, listUsers } from './queries.ts';
import { getSettings, toPlatformSettings } from '../settings/index.ts';

const PAYOUT_ACTIONS = ['approve', 'reject', 'complete'] as const;
const USER_NOT_FOUND = 'User not found.';
const userId = (raw: string) => pathId(raw, USER_NOT_FOUND);

/** The administrators' calls (docs/PRODUCT.md "Administrators"). Every route but login needs an administrator token. */
export function adminRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const { db, clock } = deps;

  serve(adminLogin, adminLoginAnswer, (ctx, { body }) => signIn(deps, body, ctx.ip));

  serve(adminLogout, messageAnswer, async (ctx) => {
    await adminSessions.revoke(db, ctx.state.adminToken, clock.now());
    return { success: true, message: 'Signed out.' };
  });

  serve(getAdminStats, adminStatsAnswer, async () => ({ success: true, stats: await adminStats(db, clock.now()) }));

  serve(listAdminUsers, adminUsersAnswer, async (_ctx, { query }) => ({
    success: true,
    ...(await listUsers(db, query, clock.now())),
  }));
  serve(getAdminUser, adminUserDetailAnswer, async (_ctx, { params }) => {
    const id = userId(params.id);
    const user = await findAdminUser(db, id, clock.now());
    if (!user) throw notFound(USER_NOT_FOUND);
    const { payments } = await listPayments(db, { search: '', page: 1, pageSize: 100 }, id);
    const photos = (await photosOf(db, id)).map(({ id: photoId, kind, thumb }) => ({ id: photoId, kind, thumb }));
    return { success: true, user, payments, activity: await listUserActivity(db, id), photos };
  });
  serve(updateAdminUserProfile, adminUserAnswer, async (ctx, { params, body }) => {
    const user = await actions.updateUserProfile(deps, ctx.state.admin, userId(params.id), body);
    return { success: true, message: 'User updated.', user };
  });
  serve(setAdminUserStatus, adminUserAnswer, async (ctx, { params, body: { status } }) => {
    const user = await actions.setUserStatus(deps, ctx.state.admin, userId(params.id), status);
    return {
      success: true,
      message: status === 'suspended' ? 'User suspended; their sessions have ended.' : 'User activated.',
      user,
    };
  });
  serve(deleteAdminUser, messageAnswer, async (ctx, { params }) => {
    await actions.deleteUser(deps, ctx.state.admin, userId(params.id));
    return { success: true, message: actions.DELETE_MESSAGE };
  });
  serve(remindAdminUser, messageAnswer, async (ctx, { params }) => {
    await actions.sendUserReminder(deps, ctx.state.admin, userId(params.id));
    return { success: true, message: ADMIN_MESSAGES.reminderSent };
  });

  serve(listAdminActivity, adminActivityAnswer, async (_ctx, { query }) => ({
    success: true,
    ...(await listActivity(db, query)),
  }));

  serve(listAdminPayments, adminPaymentsAnswer, async (_ctx, { query }) => ({
    success: true,
    ...(await listPayments(db, query)),
  }));
  serve(listAdminAffiliates, adminAffiliatesAnswer, async (_ctx, { query }) => ({
    success: true,
    ...(await listAffiliates(db, query)),
  }));
  serve(listAdminPayouts, adminPayoutsAnswer, async (_ctx, { query }) => ({
    success: true,
    ...(await listPayouts(db, query)),
  }));
  // An unknown action is no route at all (404), before its body is read.
  const payoutAction = (raw: string) => {
    const action = PAYOUT_ACTIONS.find((known) => known === raw);
    if (!action) throw notFound('No such payout action.');
    return action;
  };
  serve(
    moveAdminPayout,
    adminPayoutAnswer,
    async (ctx, { params, body: { notes } }) => {
      const action = payoutAction(params.action);
      if (action === 'approve' && notes) throw badRequest('Notes are kept on reject and complete only.');
      const id = pathId(params.id, 'Payout not found.');
      const payout = await actions.moveAdminPayout(deps, ctx.state.admin, id, action, notes);
      return { success: true, message: `Payout ${payout.status}.`, payout };
    },
    {
      use: [
        async (ctx, next) => {
          payoutAction(ctx.params.action);
          await next();
        },
      ],
    },
  );

  const settings = async (): Promise<SettingsResponse> => {
    const saved = await getSettings(db);
    return {
      success: true,
      settings: toPlatformSettings(saved),
      updatedAt: saved.updatedAt?.toISOString() ?? null,
      system: {
        database: isEmbedded(db) ? 'pglite' : 'postgresql',
        payments: deps.payments.name,
        version: deps.config.version,
        serverTime: clock.now().toISOString(),
      },
    };
  };
  serve(getAdminSettings, settingsAnswer, settings);
  serve(saveAdminSettings, settingsSavedAnswer, async (ctx, { body }) => {
    await actions.updateSettings(deps, ctx.state.admin, body);
    return { ...(await settings()), message: 'Settings saved.' };
  });

  return router;
}
