import * as z from 'zod/mini';

const momoStatus = z.enum(['pay_offline', 'send_otp', 'pending', 'success', 'failed']);

const listed = {
  id: z.number(),
  stage: z.enum(['code_sent', 'paying', 'listed']),
  name: z.string(),
  phone: z.string(),
};

/** AffiliateSignupsAnswer (contract/affiliate-signups.ts), for the OpenAPI document. */
export const affiliateSignupsAnswer = z.object({
  success: z.literal(true),
  signups: z.array(z.object(listed)),
});

/** AffiliateSignupAnswer (contract/affiliate-signups.ts), for the OpenAPI document. */
export const affiliateSignupAnswer = z.object({
  success: z.literal(true),
  signup: z.object({
    ...listed,
    message: z.string(),
    prompt: z.nullable(z.object({ status: momoStatus, message: z.string(), reference: z.nullable(z.string()) })),
    nextStep: z.nullable(z.string()),
  }),
});
