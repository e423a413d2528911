import type {
  AdminPayout,
  AdminProfileInput,
  AdminUser,
  PlatformSettings,
  SettingsResponse,
} from '../../../../contract/admin.ts';
import { adminFetch } from '../../stores/admin-session.ts';
import type { PayoutAction } from './payouts.ts';

/**
 * The administrator's changes (docs/PRODUCT.md "Administrators"), one function per call. Each answers the server's
 * message and record, or throws (ApiError with the server's message, NetworkError, TimeoutError):
 * the caller shows the error and reloads from the server, never a change made only on screen.
 */
type Answer<K extends string, T> = { success: true; message: string } & Record<K, T>;

export const setUserStatus = (id: number, status: 'active' | 'suspended') =>
  adminFetch<Answer<'user', AdminUser>>(`/api/admin/users/${id}/status`, { method: 'PUT', body: { status } });

/** "Subscription reminder sent successfully!" comes back only when the reminder was queued. */
export const sendReminder = (id: number) =>
  adminFetch<{ success: true; message: string }>(`/api/admin/users/${id}/reminder`, { method: 'POST', body: {} });

export const updateUserProfile = (id: number, profile: AdminProfileInput) =>
  adminFetch<Answer<'user', AdminUser>>(`/api/admin/users/${id}/profile`, { method: 'PUT', body: profile });

export const removePhoto = (id: number) =>
  adminFetch<{ success: true; message?: string }>(`/api/admin/photos/${id}`, { method: 'DELETE' });

export const deleteUser = (id: number) =>
  adminFetch<{ success: true; message: string }>(`/api/admin/users/${id}`, { method: 'DELETE' });

export const movePayout = (id: number, action: PayoutAction, notes?: string) =>
  adminFetch<Answer<'payout', AdminPayout>>(`/api/admin/payouts/${id}/${action}`, {
    method: 'PUT',
    body: notes ? { notes } : {},
  });

export const saveSettings = (settings: PlatformSettings) =>
  adminFetch<SettingsResponse & { message: string }>('/api/admin/settings', { method: 'PUT', body: settings });
