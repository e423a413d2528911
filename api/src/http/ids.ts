/**
 * A row id from a path: 1 to 15 digits without a leading zero, so it is a safe JavaScript integer
 * and inside PostgreSQL's bigint (issue #14: /api/favourites/1e20 reached the database and failed
 * with a 500). Anything else is undefined; the caller says what that means for its route.
 */
export function parseId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined;
}
