import { ADMIN_MESSAGES } from '../../../../contract/admin.ts';
import { isRefusal } from '../../lib/api.ts';

interface FailureTexts {
  /** The server answered with an error: its message in the console's sentence (docs/PRODUCT.md "Administrators"). */
  answered: (message: string) => string;
  /** The server could not be reached (or timed out). */
  unreachable: string;
}

/** Default: the server's own message, or the admin network text (docs/PRODUCT.md "Administrators"). */
const PLAIN: FailureTexts = { answered: (message) => message, unreachable: ADMIN_MESSAGES.network };

/** docs/PRODUCT.md "Administrators": "Failed to update user: {message}", or "Failed to update user. Please try again." offline. */
export const UPDATE_FAILURE: FailureTexts = {
  answered: ADMIN_MESSAGES.updateFailed,
  unreachable: ADMIN_MESSAGES.updateFailedNetwork,
};
export const DELETE_FAILURE: FailureTexts = {
  answered: ADMIN_MESSAGES.deleteFailed,
  unreachable: ADMIN_MESSAGES.deleteFailedNetwork,
};

/** What to tell the administrator when a call failed. Never pretends it worked. */
export function failureText(error: unknown, texts: FailureTexts = PLAIN): string {
  if (isRefusal(error)) return texts.answered(error.message);
  return texts.unreachable;
}

/** A list or panel that could not load (the retry button sits beside it). */
export const loadFailureText = (what: string, error: unknown): string =>
  `Could not load ${what}. ${failureText(error)}`;
