import type { Conn } from '../../db.ts';

/** The cheapest query: resolves when the database answers one. */
export const ping = (db: Conn) => db.raw('select 1');
