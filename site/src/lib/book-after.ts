import { dashboardPath, type SessionUser } from '../../../contract/account-types.ts';
import { sessionStore } from './storage.ts';

/**
 * The professional a visitor chose on the public directory before having an account (docs/PRODUCT.md
 * "Public directory"): `?book=ID` on /signup or /signin is kept in sessionStorage through sign-up,
 * payment and sign-in, and the customer lands on their dashboard with that booking dialog open.
 */
const KEY = 'bookAfterSignIn';

const idFrom = (text: string | null | undefined): number | null =>
  text && /^\d{1,9}$/.test(text) ? Number(text) : null;

/** Keeps `?book=ID` from the address, if any; returns it. */
export function rememberBooking(search: string): number | null {
  const id = bookingInAddress(search);
  if (id !== null) sessionStore()?.setItem(KEY, String(id));
  return id;
}

/** Where a user goes after signing in or paying: their dashboard, with the remembered booking for a customer. */
export function dashboardAfterSignIn(user: Pick<SessionUser, 'userType'>): string {
  const id = idFrom(sessionStore()?.getItem(KEY));
  sessionStore()?.removeItem(KEY);
  return user.userType === 'customer' && id !== null ? `/customer-dashboard?book=${id}` : dashboardPath(user.userType);
}

/** The professional `?book=ID` names in an address, if any. */
export const bookingInAddress = (search: string): number | null => idFrom(new URLSearchParams(search).get('book'));
