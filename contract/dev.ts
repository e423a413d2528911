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
