import * as z from 'zod/mini';
import type { OkAnswer } from './api.ts';
import { DAY_MS } from './dates.ts';
import { file, json, route } from './route.ts';

/**
 * Routes for tests and this machine only, never served in production (api/src/features/dev and
 * api/src/features/local-control): the browser journeys and the command-line tools call them.
 */
export const DEV_PATHS = {
  mailbox: '/api/dev/mailbox',
  clock: '/api/dev/clock',
  affiliateCredit: '/api/dev/affiliate-credit',
  pushService: '/api/dev/push-service/:channel',
} as const;

/** Commands a tool hands to the running server; all live below `prefix` (api/src/cli/data-dir-command.ts). */
export const LOCAL_CONTROL_PATHS = {
  prefix: '/api/local',
  demo: '/api/local/demo',
  administrators: '/api/local/administrators',
  backup: '/api/local/backup',
} as const;

/** POST /api/local/demo (`npm run demo`): how many demo accounts it made; 0 when they were there already. */
export interface DemoLoadedAnswer {
  success: true;
  created: number;
  professionals: number;
}

/** POST /api/local/administrators (`npm run admin:create`): the administrator made. */
export interface AdministratorAddedAnswer {
  success: true;
  username: string;
}

/** POST /api/dev/clock: the server's time after the move. */
export interface ClockAnswer {
  success: true;
  now: string;
}

/** A message the local push service took, as a test reads it back. */
export interface PushReceived {
  channel: string;
  receivedAt: string;
  ttl: string;
  urgency: string;
  /** The encrypted body, base64url. */
  body: string;
}

/** GET /api/dev/push-service/{channel}: what the local push service took for one phone. */
export interface PushServiceInbox {
  success: true;
  messages: PushReceived[];
}

/** The local push service refusing a message, as a real push service would (410 gone, 400, 403). */
export interface PushServiceRefusal {
  success: false;
  error: string;
}

/** One row of the outbox as the development mailbox shows it. */
export interface MailMessage {
  id: number;
  channel: string;
  status: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** GET /api/dev/mailbox: the latest 50 messages of the outbox on every channel, sent or not. */
export interface MailboxAnswer {
  success: true;
  messages: MailMessage[];
}

/**
 * Commands on this machine (LOCAL_CONTROL_PATHS): each needs the data folder's token from this
 * machine, or answers the 404 of an address that does not exist.
 */
export const loadDemo = route({
  method: 'POST',
  path: '/api/local/demo',
  caller: 'anyone',
  answer: json<DemoLoadedAnswer>(),
  summary: 'Loads the demo accounts (this machine, with the local control token).',
});

export const localAdministratorSchema = z.object({
  username: z.string().check(z.maxLength(200)),
  password: z.string().check(z.maxLength(1000)),
});
export const addAdministrator = route({
  method: 'POST',
  path: '/api/local/administrators',
  body: localAdministratorSchema,
  caller: 'anyone',
  answer: json<AdministratorAddedAnswer>(),
  summary: 'Adds an administrator (this machine, with the local control token).',
});

export const backupNow = route({
  method: 'GET',
  path: '/api/local/backup',
  caller: 'anyone',
  answer: file('application/gzip'),
  summary: 'A backup of the database now (this machine, with the local control token).',
});

export const devMailbox = route({
  method: 'GET',
  path: '/api/dev/mailbox',
  caller: 'anyone',
  answer: json<MailboxAnswer>(),
  summary: 'The latest outbox messages (diagnostics on, this machine only).',
});

/** Forward only, or back to the real time: a browser test puts back what it moved. */
export const clockSchema = z.union([
  z.object({ advanceMs: z.number().check(z.int(), z.minimum(0), z.maximum(366 * DAY_MS)) }),
  z.object({ reset: z.literal(true) }),
]);
export const moveClock = route({
  method: 'POST',
  path: '/api/dev/clock',
  body: clockSchema,
  caller: 'anyone',
  answer: json<ClockAnswer>(),
  summary: "Moves a test server's clock forward, or back to the real time (tests only).",
});

export const affiliateCreditSchema = z.object({
  email: z.string().check(z.minLength(3)),
  amount: z.number().check(z.minimum(0.01), z.maximum(100_000)),
});
export const creditAffiliate = route({
  method: 'POST',
  path: '/api/dev/affiliate-credit',
  body: affiliateCreditSchema,
  caller: 'anyone',
  answer: json<OkAnswer>(),
  summary: "Credits an affiliate's ledger (tests only).",
});

/**
 * The local push service (sandbox and tests): takes what `web-push` sends as a real push service
 * does (RFC 8030), its body the encrypted record (not JSON); refuses as one does (410, 400, 403).
 */
export const pushToLocalService = route({
  method: 'POST',
  path: '/api/dev/push-service/:channel',
  caller: 'anyone',
  answer: json<OkAnswer | PushServiceRefusal>(),
  status: 201,
  summary: 'The local push service takes a message (local push only, this machine only).',
});

export const localPushInbox = route({
  method: 'GET',
  path: '/api/dev/push-service/:channel',
  caller: 'anyone',
  answer: json<PushServiceInbox>(),
  summary: 'What the local push service took for one phone (local push only, this machine only).',
});
