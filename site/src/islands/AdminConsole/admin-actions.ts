import {
  ADMIN_PATHS,
  type AdminPayoutAnswer,
  type AdminProfileInput,
  type AdminUserAnswer,
  type PlatformSettings,
  type SettingsSavedAnswer,
} from '../../../../contract/admin.ts';
import { adminFetch } from '../../stores/admin-session.ts';
import type { PayoutAction } from './payouts.ts';
import { type MessageAnswer, routePath } from '../../../../contract/api.ts';
import { PHOTOS_PATHS } from '../../../../contract/photos.ts';

/**
 * The administrator's changes (docs/PRODUCT.md "Administrators"), one function per call. Each answers the server's
 * message and record, or throws (ApiError with the server's message, NetworkError, TimeoutError):
 * the caller shows the error and reloads from the server, never a change made only on screen.
 */
export const setUserStatus = (id: number, status: 'active' | 'suspended') =>
  adminFetch<AdminUserAnswer>(routePath(ADMIN_PATHS.userStatus, { id }), { method: 'PUT', body: { status } });

/** "Subscription reminder sent successfully!" comes back only when the reminder was queued. */
export const sendReminder = (id: number) =>
  adminFetch<MessageAnswer>(routePath(ADMIN_PATHS.userReminder, { id }), { method: 'POST', body: {} });

export const updateUserProfile = (id: number, profile: AdminProfileInput) =>
  adminFetch<AdminUserAnswer>(routePath(ADMIN_PATHS.userProfile, { id }), { method: 'PUT', body: profile });

export const removePhoto = (id: number) =>
  adminFetch<MessageAnswer>(routePath(PHOTOS_PATHS.adminPhoto, { id }), { method: 'DELETE' });

export const deleteUser = (id: number) =>
  adminFetch<MessageAnswer>(routePath(ADMIN_PATHS.user, { id }), { method: 'DELETE' });

export const movePayout = (id: number, action: PayoutAction, notes?: string) =>
  adminFetch<AdminPayoutAnswer>(routePath(ADMIN_PATHS.payoutAction, { id, action }), {
    method: 'PUT',
    body: notes ? { notes } : {},
  });

export const saveSettings = (settings: PlatformSettings) =>
  adminFetch<SettingsSavedAnswer>(ADMIN_PATHS.settings, { method: 'PUT', body: settings });
