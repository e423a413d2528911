import * as z from 'zod/mini';

/** A row id has at most 15 digits: every such number is a safe JavaScript integer and inside PostgreSQL's bigint. */
const MAX_ID_DIGITS = 15;

/**
 * A row id from a path or query: 1 to 15 digits without a leading zero (/api/favourites/1e20 once
 * reached the database and failed with a 500). The length is tested before the pattern, so a long
 * hostile string costs nothing. Anything else is undefined.
 */
export function parseId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_ID_DIGITS || !/^[1-9]\d*$/.test(raw))
    return undefined;
  return Number(raw);
}

/**
 * A query field naming the id after which to read (`?since=`), 0 for "from the start". Absent is 0.
 * Malformed is a 400, as for every other query field.
 */
export const afterIdQuery = z._default(
  z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.refine((raw) => raw === '0' || parseId(raw) !== undefined, 'Give the id of the last item you have, or 0.'),
        ),
      z.transform(Number),
    ),
  ),
  0,
);
