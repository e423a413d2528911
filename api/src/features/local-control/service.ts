import { loadDemoData } from '../../../seeds/demo.ts';
import { snapshot } from '../../data-dir/backup.ts';
import { isEmbedded } from '../../db.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { AdminAccountError, createAdmin } from '../admin/index.ts';

/** The demo data, loaded by the server's own connection: its caches hear of it like any other write. */
export const loadDemo = ({ db, clock }: AppDeps) => loadDemoData(db, clock.now());

export async function addAdministrator({ db, clock }: AppDeps, username: string, password: string) {
  try {
    const admin = await createAdmin(db, username, password, clock.now());
    return { username: admin.username };
  } catch (err) {
    if (err instanceof AdminAccountError) throw new HttpError(400, 'invalid_input', err.message);
    throw err;
  }
}

export function backupNow({ db }: AppDeps) {
  if (!isEmbedded(db)) throw new HttpError(409, 'conflict', 'This server runs on PostgreSQL: back it up with pg_dump.');
  return snapshot(db);
}
