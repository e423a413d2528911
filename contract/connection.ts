/**
 * The one message for "no connection" (docs/PRODUCT.md "Plain words"), used by every island and
 * by the contracts that name a network failure. The sign-in toast ("Login Error") and the admin
 * login keep the product's fixed short form; everything else says the long form, which agrees with it.
 */
export const NO_CONNECTION = 'Unable to connect to server. Please check your internet connection and try again.';
/** The fixed wording of the sign-in toast and the admin login (the same first sentence). */
export const NO_CONNECTION_SHORT = 'Unable to connect to server. Please try again.';

/**
 * What a signed-in page says while its connection is lost (docs/PRODUCT.md "Working offline"): one
 * sentence, once per screen, in the offline banner, saying what is shown and what happens next.
 * The parts of the page say only what is theirs, never "No connection" again. An action tapped
 * meanwhile (a toast, a form's error) says NO_CONNECTION, or the sign-in's fixed short form.
 */
export const OFFLINE_WORDS = {
  /** The banner with nothing from the server on screen. */
  banner: 'No connection. We will try again when you are back online.',
  /** The banner with what came from the server at `time` (an answer, or data kept on the phone). */
  bannerShowing: (time: string) =>
    `No connection. Showing what was on screen at ${time}; it updates by itself when you are back online.`,
  /** A part with nothing kept and nothing loaded: said instead of zero counts or "no bookings yet". */
  notLoaded: 'Not loaded yet: no connection.',
  /** A part showing what the phone kept, with its age ("14:05", or "14:05 on 28 Nov"). */
  savedAt: (time: string) => `Saved on this phone at ${time}.`,
  /** A chat message typed without a connection. */
  willSend: 'Kept on this phone: it will be sent when you are back online.',
} as const;
