import type { Middleware } from 'koa';
import { signOut } from '../../../../contract/accounts.ts';
import type { AppDeps } from '../../deps.ts';
import { toSessionUser } from '../accounts/index.ts';
import { adminSessions } from '../admin/index.ts';
import * as sessionsRepo from './sessions.ts';
import { hashToken } from '../../tokens.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import type { AdminState, CallerGuards, UserState } from '../../http/serve.ts';

export const bearerToken = (header: string): string | null =>
  /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header)?.[1] ?? null;

/** The session behind a token's hash, if it is live (through the read cache when there is one). */
export function liveSession({ db, clock, readCache }: Pick<AppDeps, 'db' | 'clock' | 'readCache'>) {
  const findSession = async (tokenHash: string, now: Date) => {
    const row = await sessionsRepo.findUserByHash(db, tokenHash, now);
    return row && { user: toSessionUser(row), expiresAt: new Date(row.session_expires_at).getTime() };
  };
  return (tokenHash: string) => {
    const now = clock.now();
    return readCache
      ? readCache.get(`session:${tokenHash}`, now, () => findSession(tokenHash, now), {
          users: (found) => (found ? [found.user.id] : []),
          validUntil: (found) => found?.expiresAt ?? 0,
        })
      : findSession(tokenHash, now);
  };
}

export type { AdminState, UserState };

/** Requires a live user session: sets ctx.state.user (SessionUser) and ctx.state.token. */
export function requireUser(deps: Pick<AppDeps, 'db' | 'clock' | 'readCache'>): Middleware<UserState> {
  const sessionOf = liveSession(deps);
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw unauthorized();
    const session = await sessionOf(hashToken(token));
    if (!session) throw unauthorized('Your session has ended. Please sign in again.', 'signed_out');
    // A suspended affiliate signs in to see their balance, and may change nothing (sign-out aside).
    if (session.user.status !== 'active' && !['GET', 'HEAD'].includes(ctx.method) && ctx.path !== signOut.path) {
      throw new HttpError(
        403,
        'suspended',
        'This account is suspended: you can see it, but not change anything. Please contact support.',
      );
    }
    ctx.state.user = session.user;
    ctx.state.token = token;
    await next();
  };
}

/**
 * Requires a live administrator session (a token from POST /api/admin/login; user tokens are
 * hashed into another table and never match): sets ctx.state.admin (AdminIdentity).
 */
export function requireAdmin({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Middleware<AdminState> {
  return async (ctx, next) => {
    // Checked already in this request: the admin router's router.use() runs for the other features'
    // /api/admin paths too, before their own requireAdmin (one session lookup, not two).
    if (ctx.state.admin) return next();
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw unauthorized('Administrator sign-in required.');
    const admin = await adminSessions.find(db, token, clock.now());
    if (!admin) throw unauthorized('Admin session expired or not valid. Please sign in again.', 'signed_out');
    ctx.state.admin = admin;
    ctx.state.adminToken = token;
    await next();
  };
}

/** The guards that admit each kind of caller a route declares (http/serve.ts). */
export const callerGuards = (deps: Pick<AppDeps, 'db' | 'clock' | 'readCache'>): CallerGuards => ({
  'signed-in': requireUser(deps),
  admin: requireAdmin(deps),
});
