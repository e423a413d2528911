import { atom } from 'nanostores';
import { LOGIN_MESSAGES } from '../../../contract/account-types.ts';

/**
 * Whether this is the account's first visit (docs/PRODUCT.md "Welcome"), as the dashboard's record
 * says; undefined until a record has loaded. The welcome after sign-in waits for it, so a new
 * account is greeted "Welcome", never "Welcome back".
 */
export const $firstVisit = atom<boolean | undefined>(undefined);

/** Called with each dashboard record as it loads. */
export function noteVisit(record: { firstVisit?: boolean }): void {
  if (typeof record.firstVisit === 'boolean') $firstVisit.set(record.firstVisit);
}

/** "Welcome, Ama!" on the first visit, "Welcome back, Ama!" afterwards. */
export const welcomeText = (firstName: string, firstVisit: boolean): string =>
  firstVisit ? LOGIN_MESSAGES.firstWelcome(firstName) : LOGIN_MESSAGES.welcome(firstName);
