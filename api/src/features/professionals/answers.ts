import * as z from 'zod/mini';
import { WEEKDAYS } from '../../../../contract/professionals.ts';
import { sessionUserAnswer } from '../../http/common-answers.ts';

/** The answers of the professionals' routes, for the OpenAPI document (each must match its declared type). */
export const cardFields = {
  id: z.number(),
  name: z.string(),
  profession: z.string(),
  rating: z.nullable(z.number()),
  reviews: z.number(),
  distance: z.nullable(z.number()),
  baseRate: z.number(),
  maxRate: z.number(),
  rateNegotiable: z.boolean(),
  avatar: z.nullable(z.string()),
  verified: z.boolean(),
  available: z.boolean(),
  skills: z.array(z.string()),
  response: z.nullable(z.string()),
  reliability: z.string(),
  location: z.nullable(z.string()),
  positionSource: z.enum(['own', 'city', 'default']),
};

export const searchAnswer = z.object({
  success: z.literal(true),
  professionals: z.array(z.object(cardFields)),
  nextCursor: z.nullable(z.string()),
});

export const professionalDetailAnswer = z.object({
  success: z.literal(true),
  professional: z.object({
    ...cardFields,
    localAddress: z.nullable(z.string()),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    completedJobs: z.number(),
    successRate: z.nullable(z.number()),
    bio: z.string(),
    experience: z.string(),
    availability: z.object({ days: z.array(z.enum(WEEKDAYS)), hours: z.string(), start: z.string(), end: z.string() }),
  }),
  reviews: z.array(
    z.object({
      id: z.number(),
      rating: z.number(),
      comment: z.string(),
      customerName: z.string(),
      createdAt: z.string(),
      verified: z.literal(true),
    }),
  ),
  today: z.string(),
  slots: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
});

export const ratesAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  rates: z.object({ baseRate: z.number(), maxRate: z.number(), rateNegotiable: z.boolean() }),
});

export const availabilityAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  availability: z.object({ days: z.array(z.enum(WEEKDAYS)), start: z.string(), end: z.string() }),
});

export const profileAnswer = z.object({ success: z.literal(true), message: z.string(), user: sessionUserAnswer });
