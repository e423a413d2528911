import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { snapshot, writeAtomically } from '../data-dir/backup.ts';
import { CommandFailed, runOnDatabase } from './data-dir-command.ts';

// `npm run backup [FILE]`: a consistent snapshot of the embedded database (DATA_DIR) into FILE
// (default ./backup-<time>.tar.gz), taken by the running server when it has the folder open.
// PostgreSQL is backed up with its own tools (pg_dump: docs/OPERATIONS.md "Backups").
const { positionals } = parseArgs({ allowPositionals: true });
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const file = resolve(positionals[0] ?? `backup-${stamp}.tar.gz`);

async function save(bytes: Buffer) {
  await writeAtomically(file, bytes);
  console.log(
    `Backup written: ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MB). Restore it with: npm run restore ${file}`,
  );
}

await runOnDatabase(
  'npm run backup',
  async (db, config) => {
    if (config.databaseUrl)
      throw new CommandFailed('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/OPERATIONS.md "Backups").');
    await save(await snapshot(db));
  },
  async (server) => save(Buffer.from(await (await server.call('/backup')).arrayBuffer())),
);
