/**
 * The one message for "no connection" (docs/PRODUCT.md "Plain words"), used by every island and
 * by the contracts that name a network failure. The sign-in toast ("Login Error") and the admin
 * login keep the product's fixed short form; everything else says the long form, which agrees with it.
 */
export const NO_CONNECTION = 'Unable to connect to server. Please check your internet connection and try again.';
/** The fixed wording of the sign-in toast and the admin login (the same first sentence). */
export const NO_CONNECTION_SHORT = 'Unable to connect to server. Please try again.';
