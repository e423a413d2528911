/** The auth feature's public face: the caller guards and sessions other folders use. */
export {
  type AdminState,
  bearerToken,
  callerGuards,
  liveSession,
  requireAdmin,
  requireUser,
  type UserState,
} from './guards.ts';
export * as sessionsRepo from './sessions.ts';
export { forgetSessionsOf, holdLiveSession } from './sessions.ts';
export * as throttle from './throttle.ts';
export { forgetAttemptsOf, THROTTLE } from './throttle.ts';
export { forgetCodesOf } from './repo.ts';
export { newCode, sameHash } from './code-signin.ts';
