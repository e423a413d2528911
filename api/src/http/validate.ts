import type * as z from 'zod/mini';
import { badRequest } from './errors.ts';

/**
 * Parses a request body with the contract's zod schema (ARCHITECTURE decision 7). The message is
 * the first problem, which is the same text the island shows; `errors` names every field.
 */
export function validate<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.path.length === 0 ? 'The request body must be a JSON object.' : issue.message,
  }));
  throw badRequest(errors[0]?.message ?? 'Invalid request.', errors);
}
