import type { Db } from '../../db.ts';

/** The cheapest query: resolves when the database answers one. */
export const ping = (db: Db) => db.raw('select 1');
