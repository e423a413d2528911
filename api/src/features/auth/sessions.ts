import type { Db } from '../../db.ts';
import { DAY_MS } from '../../../../contract/dates.ts';
import type { UserRow } from '../accounts/users.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_DAYS = 30;

export const sessionsRepo = {
  async create(db: Db, userId: number, now: Date): Promise<string> {
    const { token, hash } = newToken();
    await db('sessions').insert({
      user_id: userId,
      token_hash: hash,
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
    });
    return token;
  },

  /**
   * The user behind a live token. Unpaid and suspended accounts have no working sessions, except a
   * suspended affiliate, who may still look at their balance (issue #5; requireUser keeps them read-only).
   */
  findUser: (db: Db, token: string, now: Date) => sessionsRepo.findUserByHash(db, hashToken(token), now),

  /** As findUser, by the token's hash (what a live-update stream keeps of its session). */
  async findUserByHash(
    db: Db,
    tokenHash: string,
    now: Date,
  ): Promise<(UserRow & { session_expires_at: Date }) | undefined> {
    return db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.token_hash', tokenHash)
      .whereNull('s.revoked_at')
      .where('s.expires_at', '>', now)
      .whereNull('u.deleted_at')
      .where((q) =>
        q.where('u.status', 'active').orWhere((s) => s.where({ 'u.status': 'suspended', 'u.user_type': 'affiliate' })),
      )
      .first('u.*', 's.expires_at as session_expires_at');
  },

  revoke: (db: Db, token: string, now: Date) =>
    db('sessions')
      .where({ token_hash: hashToken(token) })
      .whereNull('revoked_at')
      .update({ revoked_at: now }),

  revokeAllForUser: (db: Db, userId: number, now: Date) =>
    db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now }),
};
