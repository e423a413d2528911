import type { Knex } from 'knex';
import type { Conn } from '../../db.ts';

/**
 * A paid period that ended after this instant is still in service (grace period). Computed in SQL
 * from the administrator's setting, so a change takes effect at once in every process.
 */
export const GRACE_START_SQL = `?::timestamptz - make_interval(days => (select grace_period_days from platform_settings where id = 1))`;
export const graceStart = (db: Conn, now: Date): Knex.Raw => db.raw(GRACE_START_SQL, [now]);
