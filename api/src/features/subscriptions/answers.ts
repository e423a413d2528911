import * as z from 'zod/mini';

export const autoRenewalAnswer = z.object({
  success: z.literal(true),
  autoRenewal: z.object({ card: z.string(), enabled: z.boolean() }),
  message: z.string(),
});

export const momoPromptAnswer = z.object({
  success: z.boolean(),
  status: z.enum(['pay_offline', 'send_otp', 'pending', 'success', 'failed']),
  message: z.string(),
  reference: z.nullable(z.string()),
  paidUntil: z.optional(z.string()),
});

export const momoNumberAnswer = z.object({ success: z.literal(true), proven: z.boolean(), message: z.string() });
