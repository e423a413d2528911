import { atom, onMount } from 'nanostores';
import { professionalToBook } from '../../lib/book-after.ts';
import { $bookingTarget } from '../../stores/find-pro.ts';
import { $session } from '../../stores/session.ts';

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

/**
 * Watched by the dashboard: the professional chosen on the public directory before signing up or
 * in (`?book=ID`) is read, and its booking dialog opens on the Find tab.
 */
export const $bookFromAddress = atom(0);
onMount($bookFromAddress, () => {
  void professionalToBook(window.location.search, $session.get().token).then((pro) => {
    if (!pro) return;
    $customerTab.set('find');
    $bookingTarget.set(pro);
  });
});
