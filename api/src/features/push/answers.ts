import * as z from 'zod/mini';

/** The answers of the push routes, for the OpenAPI document: each matches its declared type. */

export const pushKeyAnswer = z.object({ publicKey: z.nullable(z.string()) });

export const pushDevicesAnswer = z.object({
  devices: z.array(
    z.object({
      id: z.number(),
      device: z.string(),
      endpoint: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
    }),
  ),
  alsoText: z.boolean(),
});

export const pushSubscribedAnswer = z.object({ id: z.number() });
export const pushPreferencesAnswer = z.object({ alsoText: z.boolean() });
export const okAnswer = z.object({ success: z.literal(true) });
/** A 204: nothing. */
export const noContent = z.null();
