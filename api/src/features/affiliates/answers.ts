import * as z from 'zod/mini';
import { sessionUserAnswer } from '../../http/common-answers.ts';

/** The answers of the affiliates' routes, for the OpenAPI document (each must match its declared type). */

/** A payout as the affiliate's dashboard and its record show it. */
export const payout = z.object({
  id: z.number(),
  amount: z.number(),
  date: z.string(),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  method: z.string(),
  details: z.string(),
  reference: z.string(),
  processedDate: z.nullable(z.string()),
});

export const affiliateSignupAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  autoLogin: z.literal(true),
  token: z.string(),
  user: sessionUserAnswer,
  affiliate: z.object({ referrerCode: z.string(), payoutMethod: z.string() }),
});

export const affiliatePayoutsAnswer = z.object({ success: z.literal(true), payouts: z.array(payout) });

export const payoutRequestedAnswer = z.object({ success: z.literal(true), message: z.string(), payout });
