import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { toE164 } from '../../../contract/phone.ts';
import { loadConfig, type UssdConfig } from '../config.ts';
import { readHolder } from '../data-dir/lock.ts';
import { CommandFailed, failInOneLine } from './data-dir-command.ts';

/**
 * `npm run ussd -- --phone 0241234567`: the phone menu in the terminal, as that phone would see it
 * (docs/PRODUCT.md "The phone menu (USSD)"). It is a local gateway: each answer typed goes to the
 * running server's real callback over HTTP, as Africa's Talking or Arkesel would send it, with the
 * settings `npm start` reads (USSD_PROVIDER, USSD_CALLBACK_SECRET, USSD_CODE; their development
 * defaults when unset). The server is found as `npm run demo` finds it: the data folder's holder
 * file names its address and port; on PostgreSQL, HOST and PORT (or --url).
 */
const USAGE = 'Usage: npm run ussd -- --phone 0241234567 [--code 12] [--url http://127.0.0.1:3000]';
/** A gateway gives up on an answer after a few seconds; so does this one. */
const STEP_TIMEOUT_MS = 10_000;

function serverUrl(given: string | undefined, config: ReturnType<typeof loadConfig>): string {
  if (given) return given.replace(/\/$/, '');
  const holder = config.databaseUrl ? null : readHolder(config.dataDir);
  if (holder?.port)
    return `http://${holder.address?.includes(':') ? `[${holder.address}]` : (holder.address ?? '127.0.0.1')}:${holder.port}`;
  return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
}

interface Shown {
  text: string;
  end: boolean;
}

/** One step sent as the configured gateway sends it. */
async function send(
  base: string,
  ussd: UssdConfig,
  session: { id: string; phone: string; typed: string[]; first: boolean; dialled: string | null },
): Promise<Shown> {
  const url = `${base}/api/ussd/${ussd.provider}/${ussd.callbackSecret}`;
  const latest = session.typed.at(-1) ?? '';
  const init: RequestInit =
    ussd.provider === 'africastalking'
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            sessionId: session.id,
            serviceCode: ussd.dialCode,
            phoneNumber: session.phone,
            networkCode: '62001',
            text: [...(session.dialled ? [session.dialled] : []), ...session.typed].join('*'),
          }).toString(),
        }
      : {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            sessionID: session.id,
            userID: 'LOCAL',
            newSession: session.first,
            msisdn: session.phone.slice(1),
            userData: session.first
              ? session.dialled
                ? `${ussd.dialCode.slice(0, -1)}*${session.dialled}#`
                : ussd.dialCode
              : latest,
            network: 'local',
          }),
        };
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
  } catch {
    throw new CommandFailed(`No server answered at ${base}: start it with npm start (or name it with --url).`);
  }
  if (res.status === 404)
    throw new CommandFailed(
      `${base} has no phone menu for ${ussd.provider}: start it with the same USSD_PROVIDER, USSD_CALLBACK_SECRET and USSD_CODE as this command (or none, in development).`,
    );
  if (!res.ok) throw new CommandFailed(`The server answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  if (ussd.provider === 'africastalking') {
    const text = await res.text();
    return { text: text.slice(4), end: text.startsWith('END') };
  }
  const answer = (await res.json()) as { message: string; continueSession: boolean };
  return { text: answer.message, end: !answer.continueSession };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { phone: { type: 'string' }, code: { type: 'string' }, url: { type: 'string' } },
  });
  const phone = toE164(values.phone ?? '');
  if (!phone) throw new CommandFailed(`Name the phone that dials, a Ghana number. ${USAGE}`);
  if (values.code !== undefined && !/^\d{1,9}$/.test(values.code))
    throw new CommandFailed(`--code is a request's number, like 12. ${USAGE}`);
  const config = loadConfig();
  if (!config.ussd)
    throw new CommandFailed(
      'The phone menu is off: set USSD_PROVIDER, USSD_CALLBACK_SECRET and USSD_CODE as the server has them (see the phone menu in README.md).',
    );
  const base = serverUrl(values.url, config);
  const session = {
    id: `local-${randomBytes(8).toString('hex')}`,
    phone,
    typed: [] as string[],
    first: true,
    dialled: values.code ?? null,
  };
  console.log(
    `Dialling ${values.code ? `${config.ussd.dialCode.slice(0, -1)}*${values.code}#` : config.ussd.dialCode} from ${phone} (${base}, ${config.ussd.provider}).\n`,
  );
  // Lines read as they come, typed or piped (a script of answers: printf '4821\n1\n' | npm run ussd …).
  const terminal = createInterface({ input: process.stdin, terminal: false });
  const lines = terminal[Symbol.asyncIterator]();
  try {
    for (;;) {
      const shown = await send(base, config.ussd, session);
      console.log(`${shown.text}\n`);
      if (shown.end) return;
      session.first = false;
      process.stdout.write('> ');
      const typed = await lines.next();
      if (typed.done) return; // Ctrl-D: the phone hung up
      if (!process.stdin.isTTY) console.log(typed.value);
      session.typed.push(String(typed.value).trim());
    }
  } finally {
    terminal.close();
  }
}

await main().catch(failInOneLine);
