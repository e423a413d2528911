import { parseId } from '../../../contract/ids.ts';
import { notFound } from './errors.ts';

export { parseId } from '../../../contract/ids.ts';

/**
 * The id a path names, or 404 with the message the route gives for an unknown id: an address
 * whose id is malformed names nothing, exactly like one whose row does not exist. Every route
 * that reads an id from its path uses this, so a bad id answers the same everywhere.
 */
export function pathId(raw: string | undefined, notFoundMessage: string): number {
  const id = parseId(raw);
  if (id === undefined) throw notFound(notFoundMessage);
  return id;
}
