import type { UserType } from '../../../contract/account-types.ts';

/**
 * What the sign-in page wants the dashboard to say after its 100 ms redirect (the page it was
 * shown on is gone by then): the welcome toast, and the "Account Type Auto-Corrected" notice.
 * Kept in sessionStorage for one read; it holds no credentials.
 */
export interface SignInFlash {
  firstName: string;
  /** The account type picked on the form, when the server's differed. */
  picked?: UserType;
  actual: UserType;
}

const KEY = 'signinFlash';

export function setSignInFlash(flash: SignInFlash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // No storage: the dashboard simply shows no welcome.
  }
}

export function takeSignInFlash(): SignInFlash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const flash = JSON.parse(raw) as Partial<SignInFlash>;
    return typeof flash.firstName === 'string' && typeof flash.actual === 'string' ? (flash as SignInFlash) : null;
  } catch {
    return null;
  }
}

export const TYPE_LABELS: Record<UserType, string> = {
  customer: 'Customer',
  professional: 'Professional',
  affiliate: 'Affiliate',
};

/** "You chose Professional, but this is a customer account: you are signed in as a customer." */
export function autoCorrectedText(picked: UserType, actual: UserType): string {
  return `You chose ${TYPE_LABELS[picked]}, but this is a ${actual} account: you are signed in as a ${actual}.`;
}
