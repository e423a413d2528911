import { atom } from 'nanostores';
import type { Booking } from '../../../../contract/bookings.ts';
import type { ListingCard } from '../../../../contract/professionals.ts';
import type { SubscriptionSummary } from '../../../../contract/subscriptions.ts';

/** GET /api/customer-data/{email} → customer (docs/PRODUCT.md "Dashboards", from real data). */
export interface CustomerRecord {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  location: string | null;
  preferredLocation: string | null;
  joinDate: string;
  /** The profile photo's thumbnail, or null (initials are shown). */
  avatar: string | null;
  /** Until the account signs in a second time (docs/PRODUCT.md "Welcome"). */
  firstVisit: boolean;
  subscription: SubscriptionSummary | null;
  totalBookings: number;
  completedJobs: number;
  totalSpent: number;
  favoriteServices: ListingCard[];
  recentBookings: Booking[];
}

export const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'find', label: 'Find Services' },
  { id: 'bookings', label: 'My Bookings' },
  { id: 'profile', label: 'Profile' },
] as const;
export type TabId = (typeof TABS)[number]['id'];
export const TAB_IDS = TABS.map((t) => t.id);

/** The customer dashboard's open tab (the user menu and buttons inside tabs switch it). */
export const $customerTab = atom<TabId>('overview');

export function openTab(tab: TabId): void {
  $customerTab.set(tab);
}
