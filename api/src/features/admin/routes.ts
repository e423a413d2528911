import Router from '@koa/router';
import {
  ADMIN_MESSAGES,
  ADMIN_PATHS,
  adminActivityQuerySchema,
  adminListQuerySchema,
  adminLoginSchema,
  adminPayoutActionSchema,
  adminProfileSchema,
  adminStatusSchema,
  settingsSchema,
  type AdminActivityResponse,
  type AdminAffiliatesResponse,
  type AdminLoginResponse,
  type AdminPaymentsResponse,
  type AdminPayoutAnswer,
  type AdminPayoutsResponse,
  type AdminStatsAnswer,
  type AdminUserAnswer,
  type AdminUserDetail,
  type AdminUsersResponse,
  type SettingsResponse,
  type SettingsSavedAnswer,
} from '../../../../contract/admin.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { isEmbedded } from '../../db.ts';
import { requireAdmin, type AdminState } from '../auth/guards.ts';
import { badRequest } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { belowPrefix } from '../../http/route-paths.ts';
import { adminLogin, adminSessions } from './accounts.ts';
import {
  deleteUser,
  DELETE_MESSAGE,
  moveAdminPayout,
  sendUserReminder,
  setUserStatus,
  updateSettings,
  updateUserProfile,
} from './actions.ts';
import { listActivity, listUserActivity } from './audit.ts';
import { photosOf } from '../photos/index.ts';
import { adminStats, findAdminUser, listAffiliates, listPayments, listPayouts, listUsers } from './queries.ts';
import { getSettings, toPlatformSettings } from '../settings/settings.ts';
import { notFound } from '../../http/errors.ts';
import { pathId } from '../../http/ids.ts';
import type { MessageAnswer } from '../../../../contract/api.ts';

const PAYOUT_ACTIONS = ['approve', 'reject', 'complete'] as const;
const USER_NOT_FOUND = 'User not found.';
const userId = (raw: string) => pathId(raw, USER_NOT_FOUND);

/** The administrators' calls (docs/PRODUCT.md "Administrators"; issue #6). Every route but login needs an administrator token. */
export function adminRoutes(deps: AppDeps): Router {
  // AdminState: every route but /login comes after router.use(requireAdmin) below; /login reads no state.
  const router = new Router<RequestState & AdminState>({ prefix: ADMIN_PATHS.prefix });
  const at = belowPrefix(ADMIN_PATHS.prefix);
  const { db, clock } = deps;

  router.post(at(ADMIN_PATHS.login), async (ctx) => {
    ctx.body = (await adminLogin(
      deps,
      validate(adminLoginSchema, ctx.request.body),
      ctx.ip,
    )) satisfies AdminLoginResponse;
  });

  router.use(requireAdmin(deps));
  const admin = (ctx: { state: AdminState }) => ctx.state.admin;
  const query = (ctx: { query: unknown }) => validate(adminListQuerySchema, ctx.query);

  router.post(at(ADMIN_PATHS.logout), async (ctx) => {
    await adminSessions.revoke(db, ctx.state.adminToken, clock.now());
    ctx.body = { success: true, message: 'Signed out.' } satisfies MessageAnswer;
  });

  router.get(at(ADMIN_PATHS.stats), async (ctx) => {
    ctx.body = { success: true, stats: await adminStats(db, clock.now()) } satisfies AdminStatsAnswer;
  });

  router.get(at(ADMIN_PATHS.users), async (ctx) => {
    ctx.body = { success: true, ...(await listUsers(db, query(ctx), clock.now())) } satisfies AdminUsersResponse;
  });
  router.get(at(ADMIN_PATHS.user), async (ctx) => {
    const id = userId(ctx.params.id);
    const user = await findAdminUser(db, id, clock.now());
    if (!user) throw notFound(USER_NOT_FOUND);
    const { payments } = await listPayments(db, { search: '', page: 1, pageSize: 100 }, id);
    const photos = (await photosOf(db, id)).map(({ id: photoId, kind, thumb }) => ({ id: photoId, kind, thumb }));
    ctx.body = {
      success: true,
      user,
      payments,
      activity: await listUserActivity(db, id),
      photos,
    } satisfies AdminUserDetail;
  });
  router.put(at(ADMIN_PATHS.userProfile), async (ctx) => {
    const user = await updateUserProfile(
      deps,
      admin(ctx),
      userId(ctx.params.id),
      validate(adminProfileSchema, ctx.request.body),
    );
    ctx.body = { success: true, message: 'User updated.', user } satisfies AdminUserAnswer;
  });
  router.put(at(ADMIN_PATHS.userStatus), async (ctx) => {
    const { status } = validate(adminStatusSchema, ctx.request.body);
    const user = await setUserStatus(deps, admin(ctx), userId(ctx.params.id), status);
    ctx.body = {
      success: true,
      message: status === 'suspended' ? 'User suspended; their sessions have ended.' : 'User activated.',
      user,
    } satisfies AdminUserAnswer;
  });
  router.delete(at(ADMIN_PATHS.user), async (ctx) => {
    await deleteUser(deps, admin(ctx), userId(ctx.params.id));
    ctx.body = { success: true, message: DELETE_MESSAGE } satisfies MessageAnswer;
  });
  router.post(at(ADMIN_PATHS.userReminder), async (ctx) => {
    await sendUserReminder(deps, admin(ctx), userId(ctx.params.id));
    ctx.body = { success: true, message: ADMIN_MESSAGES.reminderSent } satisfies MessageAnswer;
  });

  router.get(at(ADMIN_PATHS.activity), async (ctx) => {
    ctx.body = {
      success: true,
      ...(await listActivity(db, validate(adminActivityQuerySchema, ctx.query))),
    } satisfies AdminActivityResponse;
  });

  router.get(at(ADMIN_PATHS.payments), async (ctx) => {
    ctx.body = { success: true, ...(await listPayments(db, query(ctx))) } satisfies AdminPaymentsResponse;
  });
  router.get(at(ADMIN_PATHS.affiliates), async (ctx) => {
    ctx.body = { success: true, ...(await listAffiliates(db, query(ctx))) } satisfies AdminAffiliatesResponse;
  });
  router.get(at(ADMIN_PATHS.payouts), async (ctx) => {
    ctx.body = { success: true, ...(await listPayouts(db, query(ctx))) } satisfies AdminPayoutsResponse;
  });
  router.put(at(ADMIN_PATHS.payoutAction), async (ctx) => {
    const action = ctx.params.action as (typeof PAYOUT_ACTIONS)[number];
    if (!PAYOUT_ACTIONS.includes(action)) throw notFound('No such payout action.');
    const { notes } = validate(adminPayoutActionSchema, ctx.request.body ?? {});
    if (action === 'approve' && notes) throw badRequest('Notes are kept on reject and complete only.');
    const payout = await moveAdminPayout(deps, admin(ctx), pathId(ctx.params.id, 'Payout not found.'), action, notes);
    ctx.body = { success: true, message: `Payout ${payout.status}.`, payout } satisfies AdminPayoutAnswer;
  });

  const settingsAnswer = async (): Promise<SettingsResponse> => {
    const settings = await getSettings(db);
    return {
      success: true,
      settings: toPlatformSettings(settings),
      updatedAt: settings.updatedAt?.toISOString() ?? null,
      system: {
        database: isEmbedded(db) ? 'pglite' : 'postgresql',
        payments: deps.payments.name,
        version: deps.config.version,
        serverTime: clock.now().toISOString(),
      },
    };
  };
  router.get(at(ADMIN_PATHS.settings), async (ctx) => {
    ctx.body = (await settingsAnswer()) satisfies SettingsResponse;
  });
  router.put(at(ADMIN_PATHS.settings), async (ctx) => {
    await updateSettings(deps, admin(ctx), validate(settingsSchema, ctx.request.body));
    ctx.body = { ...(await settingsAnswer()), message: 'Settings saved.' } satisfies SettingsSavedAnswer;
  });

  return router;
}
