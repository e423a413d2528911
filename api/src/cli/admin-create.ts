import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { AdminAccountError, createAdmin } from '../features/admin/accounts.ts';
import type { AdministratorAddedAnswer } from '../../../contract/dev.ts';
import { CommandFailed, runOnDatabase } from './data-dir-command.ts';

// `npm run admin:create [-- --username NAME --password SECRET]`: adds an administrator to the
// configured database (DATA_DIR or DATABASE_URL), asking for what the flags leave out. While the
// server runs on the embedded folder, the server adds it (one process at a time opens a folder).
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

await runOnDatabase(
  'npm run admin:create',
  async (db, config) => {
    try {
      const admin = await createAdmin(db, username, password, new Date());
      console.log(`Administrator "${admin.username}" created. Sign in at ${config.publicUrl}/admin/login`);
    } catch (err) {
      if (err instanceof AdminAccountError) throw new CommandFailed(`Cannot create the administrator: ${err.message}`);
      throw err;
    }
  },
  async (server, config) => {
    try {
      const { username: created } = (await (
        await server.call('/administrators', { username, password })
      ).json()) as AdministratorAddedAnswer;
      console.log(
        `Administrator "${created}" created on the running server. Sign in at ${config.publicUrl}/admin/login`,
      );
    } catch (err) {
      if (err instanceof CommandFailed) throw new CommandFailed(`Cannot create the administrator: ${err.message}`);
      throw err;
    }
  },
);
