import * as z from 'zod/mini';
import { lengthFirst, plainName } from './bounded.ts';
import { CATEGORY_NAMES } from './categories.ts';
import { isGhanaPhone } from './phone.ts';

/** PUT /api/profile (docs/PRODUCT.md "Profile": name, phone, profession, experience, location, bio, skills; email never). */
export const PROFILE_MESSAGES = {
  saved: 'Profile updated successfully!',
  emailLocked: 'Email cannot be changed.',
} as const;

const name = z
  .string()
  .check(
    z.trim(),
    lengthFirst(50, 'Names must be 2 to 50 characters'),
    ...plainName(),
    z.minLength(2, 'Names must be 2 to 50 characters'),
  );

export const profileSchema = z
  .object({
    firstName: z.optional(name),
    lastName: z.optional(name),
    phone: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.refine(isGhanaPhone, 'Please enter a valid Ghana phone number (e.g., 0241234567 or +233241234567)'),
        ),
    ),
    location: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    localAddress: z.optional(z.string().check(z.trim(), z.maxLength(300))),
    bio: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
    profession: z.optional(
      z
        .string()
        .check(z.refine((v) => (CATEGORY_NAMES as readonly string[]).includes(v), 'Please select your profession')),
    ),
    experience: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    skills: z.optional(
      z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))).check(z.maxLength(20, 'At most 20 skills')),
    ),
    email: z.optional(z.unknown()),
  })
  .check(z.refine((p) => p.email === undefined, { message: PROFILE_MESSAGES.emailLocked, path: ['email'] }));
