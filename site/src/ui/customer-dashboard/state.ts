import { atom, onMount } from 'nanostores';
import { getProfessional, type ProfessionalDetail } from '../../../../contract/professionals.ts';
import { bookingInAddress } from '../../lib/book-after.ts';
import { call } from '../../lib/call.ts';
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

/** The professional named by `?book=ID` (lib/book-after.ts), loaded, and the address cleaned. */
async function professionalToBook(
  search: string,
  token: string | null,
): Promise<ProfessionalDetail['professional'] | null> {
  const id = bookingInAddress(search);
  if (id === null) return null;
  history.replaceState(history.state, '', window.location.pathname);
  try {
    return (await call(getProfessional, { params: { id } }, { token })).professional;
  } catch (error) {
    console.warn('The professional to book could not be loaded', error);
    return null;
  }
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
