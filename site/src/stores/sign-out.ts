import { forgetPushOnSignOut } from './push.ts';
import { signOut } from './session.ts';

/**
 * Every "Sign out" button (the dashboards' and the one on /signin): this phone's notifications end
 * first, while the token still works (docs/PRODUCT.md "Notifications on the phone"), then the session.
 */
export async function signOutHere(): Promise<void> {
  await forgetPushOnSignOut();
  await signOut();
}
