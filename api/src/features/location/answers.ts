import * as z from 'zod/mini';

/** GET /api/location/reverse's answer, for the OpenAPI document (it must match ReverseGeocodeResponse). */
export const reverseGeocodeAnswer = z.object({
  success: z.literal(true),
  location: z.object({
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    address: z.string(),
    city: z.string(),
    source: z.enum(['google', 'fallback']),
  }),
  notice: z.optional(z.string()),
  reason: z.optional(
    z.enum([
      'no_address',
      'zero_results',
      'quota',
      'invalid_request',
      'timeout',
      'billing',
      'api_key',
      'network',
      'http',
      'api_error',
    ]),
  ),
});
