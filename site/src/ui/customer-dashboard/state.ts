import { atom } from 'nanostores';

export type { CustomerRecord } from '../../stores/customer.ts';

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
