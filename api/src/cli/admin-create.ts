import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { AdminAccountError, createAdmin } from '../features/admin/index.ts';
import type { AdministratorAddedAnswer } from '../../../contract/dev.ts';
import { CommandFailed, failInOneLine, runOnDatabase } from './data-dir-command.ts';

// `npm run admin:create [-- --username NAME --password SECRET]`: adds an administrator to the
// configured database (DATA_DIR or DATABASE_URL), asking for what the flags leave out. While the
// server runs on the embedded folder, the server adds it (one process at a time opens a folder).
const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' } } });

/**
 * Asks on the terminal, or reads the answers one a line when they are piped in (scripts set up
 * servers this way). One reader for every question: a second reader on the same standard input
 * would find the piped lines already taken by the first.
 */
function answers(): { ask(question: string, secret?: boolean): Promise<string>; close(): void } {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const lines: string[] = [];
  let ended = false;
  let waiting: ((line: string | undefined) => void) | undefined;
  rl.on('line', (line) => {
    if (waiting) waiting(line);
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    waiting?.(undefined);
  });
  // Ctrl-C while asking: stop asking (the question is then unanswered, one line, exit 1).
  rl.on('SIGINT', () => rl.close());
  return {
    async ask(question, secret = false) {
      rl.setPrompt(question);
      rl.prompt();
      muted = secret;
      const line =
        lines.shift() ??
        (ended
          ? undefined
          : await new Promise<string | undefined>((resolve) => {
              waiting = (answer) => {
                waiting = undefined;
                resolve(answer);
              };
            }));
      muted = false;
      if (secret || line === undefined) process.stdout.write('\n');
      if (line === undefined)
        throw new CommandFailed(`No answer to "${question.replace(/:\s*$/, '')}": give it, or pass it as a flag.`);
      return line.trim();
    },
    close: () => rl.close(),
  };
}

let username = values.username ?? '';
let password = values.password ?? '';
if (values.username === undefined || values.password === undefined) {
  const terminal = answers();
  try {
    if (values.username === undefined) username = await terminal.ask('Administrator username: ');
    if (values.password === undefined) password = await terminal.ask('Password (at least 10 characters): ', true);
  } catch (err) {
    failInOneLine(err);
  } finally {
    terminal.close();
  }
}

if (process.exitCode === undefined)
  await runOnDatabase(
    'npm run admin:create',
    async (db, config) => {
      try {
        const admin = await createAdmin(db, username, password, new Date());
        console.log(`Administrator "${admin.username}" created. Sign in at ${config.publicUrl}/admin/login`);
      } catch (err) {
        if (err instanceof AdminAccountError)
          throw new CommandFailed(`Cannot create the administrator: ${err.message}`);
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
