import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { RestoreRefused, restoreSnapshot } from '../data-dir/backup.ts';
import { failInOneLine } from './data-dir-command.ts';

// `npm run restore FILE`: fills an empty DATA_DIR from a backup (npm run backup, or a daily one
// from DATA_DIR/backups), then checks that it opens. Never over an existing database.
const { positionals } = parseArgs({ allowPositionals: true });
try {
  if (positionals.length !== 1) throw new RestoreRefused('Say which backup to restore: npm run restore FILE');
  const config = loadConfig();
  if (config.databaseUrl)
    throw new RestoreRefused('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/OPERATIONS.md "Backups").');
  const file = resolve(positionals[0]);
  const { users } = await restoreSnapshot(file, config.dataDir);
  console.log(
    `Restored ${file} into ${config.dataDir}: ${users} accounts. Start it with: DATA_DIR=${config.dataDir} npm start`,
  );
} catch (err) {
  failInOneLine(err);
}
