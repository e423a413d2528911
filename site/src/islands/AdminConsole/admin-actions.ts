import {
  type AdminProfileInput,
  deleteAdminUser,
  moveAdminPayout,
  type PlatformSettings,
  remindAdminUser,
  saveAdminSettings,
  setAdminUserStatus,
  updateAdminUserProfile,
} from '../../../../contract/admin.ts';
import { adminCall } from '../../stores/admin-session.ts';
import type { PayoutAction } from './payouts.ts';
import { adminRemovePhoto } from '../../../../contract/photos.ts';

/**
 * The administrator's changes (docs/PRODUCT.md "Administrators"), one function per call. Each answers the server's
 * message and record, or throws (ApiError with the server's message, NetworkError, TimeoutError):
 * the caller shows the error and reloads from the server, never a change made only on screen.
 */
export const setUserStatus = (id: number, status: 'active' | 'suspended') =>
  adminCall(setAdminUserStatus, { params: { id }, body: { status } });

/** "Subscription reminder sent successfully!" comes back only when the reminder was queued. */
export const sendReminder = (id: number) => adminCall(remindAdminUser, { params: { id } });

export const updateUserProfile = (id: number, profile: AdminProfileInput) =>
  adminCall(updateAdminUserProfile, { params: { id }, body: profile });

export const removePhoto = (id: number) => adminCall(adminRemovePhoto, { params: { id } });

export const deleteUser = (id: number) => adminCall(deleteAdminUser, { params: { id } });

export const movePayout = (id: number, action: PayoutAction, notes?: string) =>
  adminCall(moveAdminPayout, { params: { id, action }, body: notes ? { notes } : {} });

export const saveSettings = (settings: PlatformSettings) => adminCall(saveAdminSettings, { body: settings });
