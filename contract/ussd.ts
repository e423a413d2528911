import * as z from 'zod/mini';
import { lengthFirst } from './bounded.ts';
import { json, route, text } from './route.ts';

/**
 * The USSD menu (docs/PRODUCT.md "The phone menu (USSD)"): the gateway's callback, one route per
 * gateway (each registered only when it is the configured one). The PIN a professional changes from
 * the web is in ussd-pin.ts, apart, so the browser's bundle carries none of this.
 */

/** A field of a gateway's callback: bounded before anything reads it (a gateway sends far less). */
const gatewayField = (max: number) => z.string().check(lengthFirst(max, `At most ${max} characters`));

/**
 * Africa's Talking's callback, a form (application/x-www-form-urlencoded): `text` is every answer
 * of the session so far joined by `*` (empty on the first step).
 */
export const africasTalkingStepSchema = z.object({
  sessionId: z.string().check(lengthFirst(100, 'At most 100 characters'), z.minLength(1, 'A session id')),
  serviceCode: z.optional(gatewayField(40)),
  phoneNumber: gatewayField(20),
  networkCode: z.optional(gatewayField(20)),
  text: z._default(gatewayField(2000), ''),
});

/**
 * Arkesel's callback, JSON: `newSession` on the first step, whose `userData` is what was dialled
 * (e.g. *920*55*12#); after that `userData` is the one answer typed. `msisdn` is 233… without a +.
 */
export const arkeselStepSchema = z.object({
  sessionID: z.string().check(lengthFirst(100, 'At most 100 characters'), z.minLength(1, 'A session id')),
  userID: z.optional(gatewayField(100)),
  newSession: z._default(z.boolean(), false),
  msisdn: gatewayField(20),
  userData: z._default(gatewayField(2000), ''),
  network: z.optional(gatewayField(40)),
});

/** What Arkesel reads back: the screen (`message`) and whether the session goes on. */
export interface ArkeselAnswer {
  sessionID: string;
  userID: string;
  msisdn: string;
  message: string;
  continueSession: boolean;
}

/** POST /api/ussd/africastalking/:secret: one step of a session, answered `CON …` (more to come) or `END …`. */
export const answerAfricasTalkingStep = route({
  method: 'POST',
  path: '/api/ussd/africastalking/:secret',
  body: africasTalkingStepSchema,
  caller: 'anyone',
  answer: text('text/plain'),
  summary:
    "The USSD menu's next screen for Africa's Talking (a form in, CON/END text out); only with the callback secret.",
});

/** POST /api/ussd/arkesel/:secret: one step of a session, answered with the screen and whether it goes on. */
export const answerArkeselStep = route({
  method: 'POST',
  path: '/api/ussd/arkesel/:secret',
  body: arkeselStepSchema,
  caller: 'anyone',
  answer: json<ArkeselAnswer>(),
  summary: "The USSD menu's next screen for Arkesel (JSON in and out); only with the callback secret.",
});
