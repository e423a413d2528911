import type { SessionUser, UserType } from '../../../../contract/account-types.ts';

/** The general screen's tabs (docs/PRODUCT.md "Dashboards"); affiliates see only Overview, Profile and Earnings (no Analytics). */
export type RoleTab = 'overview' | 'bookings' | 'findpro' | 'analytics' | 'profile' | 'earnings';

export const TAB_LABELS: Record<RoleTab, string> = {
  overview: 'Overview',
  bookings: 'Bookings',
  findpro: 'Find Pro',
  analytics: 'Analytics',
  profile: 'Profile',
  earnings: 'Earnings',
};

export const ROLE_TABS: Record<UserType, readonly RoleTab[]> = {
  customer: ['overview', 'bookings', 'findpro', 'analytics', 'profile'],
  professional: ['overview', 'bookings', 'analytics', 'profile', 'earnings'],
  affiliate: ['overview', 'profile', 'earnings'],
};

export interface RoleViewProps {
  user: SessionUser;
  tab: RoleTab;
  onTab: (tab: RoleTab) => void;
  tabs: readonly RoleTab[];
}

/** The tabs with their labels (`labels` overrides the usual ones) and unread counts. */
export const tabItems = (
  tabs: readonly RoleTab[],
  labels: Partial<Record<RoleTab, string>> = {},
  unread: Partial<Record<RoleTab, number>> = {},
) => tabs.map((id) => ({ id, label: labels[id] ?? TAB_LABELS[id], unread: unread[id] }));
