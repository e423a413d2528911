import type * as z from 'zod/mini';
import { firstProblem } from '../../../contract/accounts.ts';
import { badRequest } from './errors.ts';

/**
 * Parses a request body with the contract's zod schema (ARCHITECTURE.md "One schema per body"). The message is
 * the first problem — in the order of checks the contract gives (docs/PRODUCT.md "Account details"), as the island shows it —
 * and `errors` names every field.
 */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  checkOrder?: readonly string[],
): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.path.length === 0 ? 'The request body must be a JSON object.' : issue.message,
  }));
  throw badRequest((checkOrder ? firstProblem(errors, checkOrder) : errors[0]?.message) ?? 'Invalid request.', errors);
}
