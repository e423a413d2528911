import { ApiError, DASHBOARD_MESSAGES, NetworkError, TimeoutError } from './api.ts';

/** What an action answers: the server's success message, or its error with any field errors. */
export type Outcome = { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/** An action's error as text: the server's message, or the connection problem. */
export function failure(error: unknown): Outcome {
  if (error instanceof ApiError) {
    const fields: Record<string, string> = {};
    for (const e of error.fieldErrors) fields[e.field] ??= e.message;
    return { ok: false, message: error.message, fields };
  }
  if (error instanceof TimeoutError) return { ok: false, message: DASHBOARD_MESSAGES.timeout, fields: {} };
  if (error instanceof NetworkError) return { ok: false, message: DASHBOARD_MESSAGES.unreachable, fields: {} };
  return { ok: false, message: 'Something went wrong. Please try again.', fields: {} };
}
