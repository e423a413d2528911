import { ADMIN_MESSAGES, type AdminLoginResponse } from '../../../../contract/admin.ts';
import { addTime } from '../../../../contract/dates.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import { HttpError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import * as throttle from '../auth/throttle.ts';
import { THROTTLE } from '../auth/throttle.ts';
import { hashToken, newToken } from '../../tokens.ts';

/** Shorter than a user's 30 days: an admin token opens everyone's data. */
export const ADMIN_SESSION_HOURS = 12;
export const ADMIN_PASSWORD_MIN = 10;

export interface AdminIdentity {
  id: number;
  username: string;
}

export class AdminAccountError extends Error {}

/** `npm run admin:create` and the first start with ADMIN_USERNAME/ADMIN_PASSWORD both come here. */
export async function createAdmin(db: Db, username: string, password: string, now: Date): Promise<AdminIdentity> {
  const name = username.trim();
  if (!/^[A-Za-z0-9._@-]{3,100}$/.test(name)) {
    throw new AdminAccountError('The username must be 3 to 100 letters, digits or . _ @ -');
  }
  if (password.length < ADMIN_PASSWORD_MIN)
    throw new AdminAccountError(`The password must be at least ${ADMIN_PASSWORD_MIN} characters`);
  if (await db('admins').whereRaw('lower(username) = lower(?)', [name]).first()) {
    throw new AdminAccountError(`An administrator named ${name} already exists`);
  }
  const [row] = await db('admins')
    .insert({ username: name, password_hash: await hashPassword(password), created_at: now })
    .returning(['id', 'username']);
  return { id: Number(row.id), username: row.username };
}

/** On start: when no administrator exists yet and both variables are set, create that one. */
export async function ensureFirstAdmin(
  db: Db,
  credentials: { username: string; password: string } | null,
  now: Date,
  logger: Logger,
): Promise<void> {
  if (await db('admins').first('id')) return;
  if (!credentials) {
    logger.info(
      'No administrator yet. Create one with: npm run admin:create (or set ADMIN_USERNAME and ADMIN_PASSWORD)',
    );
    return;
  }
  try {
    const admin = await createAdmin(db, credentials.username, credentials.password, now);
    logger.info({ username: admin.username }, 'first administrator created from ADMIN_USERNAME');
  } catch (err) {
    // Several processes starting at once on one database race to create it: one wins, and the
    // others must start too rather than crash (found by bench/scale-out.ts).
    if (await db('admins').first('id')) return;
    throw err;
  }
}

// Verifying against this when no administrator matches keeps an unknown name as slow as a wrong password.
let decoy: Promise<string> | undefined;
const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword('not-an-admin-password');
  return decoy;
};

/** POST /api/admin/login. Throttled like user sign-in, under its own keys. */
export async function adminLogin(
  deps: { db: Db; clock: Clock },
  input: { username: string; password: string },
  ip: string,
): Promise<AdminLoginResponse> {
  const { db } = deps;
  const now = deps.clock.now();
  const accountKey = `admin:${input.username.toLowerCase()}`;
  const admin = await db('admins').whereRaw('lower(username) = lower(?)', [input.username]).first();
  const ok = await throttle.attempt(
    db,
    accountKey,
    ip,
    now,
    async () => (await verifyPassword(admin?.password_hash ?? (await decoyHash()), input.password)) && !!admin,
  );
  if (ok === 'blocked')
    throw new HttpError(429, 'rate_limited', ADMIN_MESSAGES.throttled, {
      headers: { 'Retry-After': String(THROTTLE.windowMs / 1000) },
    });
  // ok implies the admin exists (the check above): `!admin` only tells the compiler.
  if (!ok || !admin) throw new HttpError(401, 'wrong_credentials', ADMIN_MESSAGES.invalidCredentials);

  const { token, hash } = newToken();
  await db('admin_sessions').insert({
    admin_id: admin.id,
    token_hash: hash,
    created_at: now,
    expires_at: addTime(now, { hours: ADMIN_SESSION_HOURS }),
  });
  await db('admins').where({ id: admin.id }).update({ last_login_at: now });
  return {
    success: true,
    message: 'Login successful',
    token,
    admin: { id: Number(admin.id), username: admin.username },
  };
}

export const adminSessions = {
  async find(db: Db, token: string, now: Date): Promise<AdminIdentity | undefined> {
    const row = await db('admin_sessions as s')
      .join('admins as a', 'a.id', 's.admin_id')
      .where('s.token_hash', hashToken(token))
      .whereNull('s.revoked_at')
      .where('s.expires_at', '>', now)
      .first('a.id', 'a.username');
    return row && { id: Number(row.id), username: row.username };
  },
  revoke: (db: Db, token: string, now: Date) =>
    db('admin_sessions')
      .where({ token_hash: hashToken(token) })
      .whereNull('revoked_at')
      .update({ revoked_at: now }),
};
