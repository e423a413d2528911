import * as z from 'zod/mini';
import type { MessageAnswer } from './api.ts';
import type { AdminStatsAnswer } from './admin.ts';
import { NO_CONNECTION_SHORT } from './connection.ts';
import { json, route } from './route.ts';

/**
 * An administrator's sign-in (docs/PRODUCT.md "Administrators"): what the sign-in page and the
 * session store need, apart from the console's contract (./admin.ts), which the sign-in page's
 * script does not carry.
 */
export const ADMIN_MESSAGES = {
  loginRequired: 'Username and password are required',
  invalidCredentials: 'Invalid credentials',
  network: NO_CONNECTION_SHORT,
  verifying: 'Verifying admin authentication...',
  sessionExpired: 'Admin session expired or not logged in. Redirecting to login page...',
  throttled: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  reminderSent: 'Subscription reminder sent successfully!',
  updateFailed: (message: string) => `Failed to update user: ${message}`,
  updateFailedNetwork: 'Failed to update user. Please try again.',
  deleteFailed: (message: string) => `Failed to delete user: ${message}`,
  deleteFailedNetwork: 'Failed to delete user. Please try again.',
  activityEmpty: 'No administrator actions on this account yet.',
} as const;

/** Browser storage key for the admin token (docs/PRODUCT.md "Administrators"). */
export const ADMIN_TOKEN_KEY = 'adminToken';

export const adminLoginSchema = z.object({
  username: z
    .string({ error: ADMIN_MESSAGES.loginRequired })
    .check(z.trim(), z.minLength(1, ADMIN_MESSAGES.loginRequired), z.maxLength(100)),
  password: z
    .string({ error: ADMIN_MESSAGES.loginRequired })
    .check(z.minLength(1, ADMIN_MESSAGES.loginRequired), z.maxLength(200)),
});

export interface AdminLoginResponse {
  success: true;
  message: string;
  token: string;
  admin: { id: number; username: string };
}

/** An administrator signs in (failed attempts are limited; the token opens /api/admin only). */
export const adminLogin = route({
  method: 'POST',
  path: '/api/admin/login',
  body: adminLoginSchema,
  caller: 'anyone',
  answer: json<AdminLoginResponse>(),
  summary: "Signs an administrator in: the answer's token opens the administrators' routes.",
});

/** The administrator's session ends. */
export const adminLogout = route({
  method: 'POST',
  path: '/api/admin/logout',
  caller: 'admin',
  answer: json<MessageAnswer>(),
  summary: "Ends the administrator's session.",
});

/** The console's overview figures (the sign-in page reads them to check a kept token). */
export const getAdminStats = route({
  method: 'GET',
  path: '/api/admin/stats',
  caller: 'admin',
  answer: json<AdminStatsAnswer>(),
  summary: 'The platform in figures: accounts, revenue, payouts and the last 12 months.',
});
