import * as z from 'zod/mini';

/** The answers of the photo routes, for the OpenAPI document: each matches its declared type. */

const photo = z.object({ id: z.number(), thumb: z.string(), large: z.string(), width: z.number(), height: z.number() });

export const photosAnswer = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  profile: z.nullable(photo),
  work: z.array(photo),
});

export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });
