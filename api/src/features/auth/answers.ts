import * as z from 'zod/mini';
import { sessionUserAnswer } from '../../http/common-answers.ts';

export const loginAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: sessionUserAnswer,
  firstVisit: z.boolean(),
});

export const verifyAnswer = z.object({ success: z.literal(true), user: sessionUserAnswer });

export const forgotPasswordAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  devMailbox: z.boolean(),
});

export const signInCodeAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.string(),
  devMailbox: z.boolean(),
});
