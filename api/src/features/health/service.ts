import type { Db } from '../../db.ts';
import { ping } from './repo.ts';

const DB_TIMEOUT_MS = 2000;

/** Whether the database answers a query within 2 s (a hung connection counts as down). */
export function databaseAnswers(db: Db): Promise<boolean> {
  return Promise.race([
    ping(db).then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(resolve, DB_TIMEOUT_MS, false).unref()),
  ]);
}
