import * as z from 'zod/mini';
import { USER_TYPES } from '../../../contract/account-types.ts';

/** The answer of a change that says only that it worked (OkAnswer). */
export const okAnswer = z.object({ success: z.literal(true) });

/** The answer of a change confirmed in the server's own words (MessageAnswer). */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });

/** The user record the browser keeps (SessionUser): sign-in, verify and completed sign-ups answer it. */
export const sessionUserAnswer = z.object({
  id: z.number(),
  email: z.string(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  status: z.enum(['pending', 'active', 'suspended']),
  location: z.nullable(z.string()),
  createdAt: z.string(),
});
