import { type Conn, prepared } from '../../db.ts';
import { addTime } from '../../../../contract/dates.ts';
import type { Int8 } from '../../db-tables.ts';
import type { UserRow } from '../accounts/index.ts';
import { forgetPushSubscriptionsOf, forgetPushSubscriptionsOfSessions } from '../push/repo.ts';
import { hashToken, newToken } from '../../tokens.ts';

export const SESSION_DAYS = 30;

/**
 * The user behind a live token's hash. Every signed-in request runs it, so it is SQL text, not a
 * query builder: building and compiling the query cost more than PostgreSQL takes to answer it
 * (docs/BENCHMARKS.md).
 */
const LIVE_SESSION_SQL = `select u.*, s.expires_at as session_expires_at
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = ? and s.revoked_at is null and s.expires_at > ? and u.deleted_at is null
    and (u.status = 'active' or (u.status = 'suspended' and u.user_type = 'affiliate'))
  limit 1`;

export async function create(db: Conn, userId: number, now: Date): Promise<string> {
  const { token, hash } = newToken();
  await db('sessions').insert({
    user_id: userId,
    token_hash: hash,
    created_at: now,
    expires_at: addTime(now, { days: SESSION_DAYS }),
  });
  return token;
}

/**
 * The user behind a live token. Unpaid and suspended accounts have no working sessions, except a
 * suspended affiliate, who may still look at their balance (requireUser keeps them read-only).
 */
export const findUser = (db: Conn, token: string, now: Date) => findUserByHash(db, hashToken(token), now);

/** As findUser, by the token's hash (what a live-update stream keeps of its session). */
export async function findUserByHash(
  db: Conn,
  tokenHash: string,
  now: Date,
): Promise<(UserRow & { session_expires_at: Date }) | undefined> {
  const { rows } = await prepared(db.raw(LIVE_SESSION_SQL, [tokenHash, now]));
  return rows[0];
}

/**
 * Signing out: the session ends, and so do the notifications of the phone it turned on
 * (docs/PRODUCT.md "Notifications on the phone").
 */
export async function revoke(db: Conn, token: string, now: Date): Promise<void> {
  const ended = await db('sessions')
    .where({ token_hash: hashToken(token) })
    .whereNull('revoked_at')
    .update({ revoked_at: now })
    .returning('id');
  if (ended.length)
    await forgetPushSubscriptionsOfSessions(
      db,
      ended.map((s) => s.id),
    );
}

/**
 * Every session of the account ends (a password reset, a suspension), and with them the
 * notifications on every phone of it: a lost phone must not keep getting them.
 */
export async function revokeAllForUser(db: Conn, userId: number, now: Date): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
  await forgetPushSubscriptionsOf(db, userId);
}

/**
 * The live session behind `token`, of `userId`, held with the account's row until the caller's
 * transaction ends: one account's phones are counted one request at a time, and a sign-out at the
 * same moment waits for what is being tied to the session (a phone's notifications), then ends it too.
 */
export async function holdLiveSession(trx: Conn, token: string, userId: number, now: Date): Promise<Int8 | undefined> {
  const row = await trx('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where({ 's.token_hash': hashToken(token), 's.user_id': userId })
    .whereNull('s.revoked_at')
    .where('s.expires_at', '>', now)
    .forNoKeyUpdate()
    .first('s.id');
  return row?.id;
}

/** A forgotten account's sessions and password-reset links (privacy/anonymise.ts). */
export async function forgetSessionsOf(conn: Conn, userId: number): Promise<void> {
  await conn('sessions').where({ user_id: userId }).delete();
  await conn('password_resets').where({ user_id: userId }).delete();
}
