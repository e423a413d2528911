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
