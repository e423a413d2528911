import * as z from 'zod/mini';
import { lengthFirst } from './bounded.ts';
import { json, route } from './route.ts';

/**
 * The phone menu's PIN set from the web (docs/PRODUCT.md "The phone menu (USSD)", "Profile"): kept
 * apart from the gateway's callback (contract/ussd.ts), which the browser never calls.
 */
export const USSD_PIN_MESSAGES = {
  format: 'Type 4 digits for your phone-menu PIN, like 4821.',
  mismatch: 'The two PINs differ. Type the same 4 digits in both fields.',
  notProfessional: 'Only professionals use the phone menu, so only they have a PIN.',
  changed: 'Your phone-menu PIN is changed. Use it the next time you dial.',
} as const;

const pinField = z
  .string()
  .check(lengthFirst(4, USSD_PIN_MESSAGES.format), z.regex(/^\d{4}$/, USSD_PIN_MESSAGES.format));

export const ussdPinSchema = z
  .object({ pin: pinField, repeat: pinField })
  .check(z.refine((v) => v.pin === v.repeat, { error: USSD_PIN_MESSAGES.mismatch, path: ['repeat'] }));

export interface UssdPinAnswer {
  success: true;
  message: string;
}

/** PUT /api/ussd/pin: a professional sets or changes the PIN of the phone menu (docs/PRODUCT.md "The phone menu (USSD)"). */
export const changeUssdPin = route({
  method: 'PUT',
  path: '/api/ussd/pin',
  body: ussdPinSchema,
  caller: 'signed-in',
  answer: json<UssdPinAnswer>(),
  summary: "Sets or changes the signed-in professional's PIN of the phone menu (USSD).",
});
