import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { loadConfig } from '../config.ts';
import { closeDb, createDb, migrate } from '../db.ts';
import { AdminAccountError, createAdmin } from '../features/admin/accounts.ts';

// `npm run admin:create [-- --username NAME --password SECRET]`: adds an administrator to the
// configured database (DATA_DIR or DATABASE_URL), asking for what the flags leave out. With the
// embedded database, stop the server first: one process at a time can open its folder.
const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' } } });

/** Asks on the terminal; `secret` keeps the typed password off the screen. */
async function ask(question: string, secret = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const answer = rl.question(question);
  muted = secret;
  const text = await answer;
  rl.close();
  if (secret) process.stdout.write('\n');
  return text.trim();
}

const username = values.username ?? (await ask('Administrator username: '));
const password = values.password ?? (await ask('Password (at least 10 characters): ', true));

const config = loadConfig();
const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const admin = await createAdmin(db, username, password, new Date());
  console.log(`Administrator "${admin.username}" created. Sign in at ${config.publicUrl}/admin/login`);
} catch (err) {
  if (!(err instanceof AdminAccountError)) throw err;
  console.error(`Cannot create the administrator: ${err.message}`);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}
