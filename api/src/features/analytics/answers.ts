import * as z from 'zod/mini';

/** GET /api/me/analytics's answer, for the OpenAPI document (it must match AnalyticsAnswer). */
export const analyticsAnswer = z.object({
  success: z.literal(true),
  analytics: z.union([
    z.object({
      role: z.literal('customer'),
      months: z.array(z.object({ month: z.string(), bookings: z.number() })),
      completed: z.number(),
      cancelled: z.number(),
      totalSpent: z.number(),
      topCategories: z.array(z.object({ category: z.string(), bookings: z.number() })),
    }),
    z.object({
      role: z.literal('professional'),
      months: z.array(z.object({ month: z.string(), jobs: z.number(), earnings: z.number() })),
      answered: z.number(),
      accepted: z.number(),
      expired: z.number(),
      kept: z.object({ jobs: z.number(), kept: z.number() }),
      acceptanceRate: z.nullable(z.number()),
      rating: z.nullable(z.number()),
      reviews: z.number(),
    }),
  ]),
});
