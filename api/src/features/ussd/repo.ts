import { subtractTime } from '../../../../contract/dates.ts';
import { type Conn, jsonColumn } from '../../db.ts';
import type { Timestamp, UssdPinRow, UssdSessionRow } from '../../db-tables.ts';

/** The phone menu's sessions and PINs (features/ussd owns both tables). */

export const findSession = (conn: Conn, sessionKey: string): Promise<UssdSessionRow | undefined> =>
  conn('ussd_sessions').where({ session_key: sessionKey }).first();

export const sessionState = <T>(row: UssdSessionRow): T => jsonColumn<T>(row.state);

/** A new session, or one the gateway started again under the same id (its first step is again). */
export async function startSession(
  conn: Conn,
  row: Pick<UssdSessionRow, 'session_key' | 'phone' | 'user_id' | 'seen_text' | 'created_at' | 'expires_at'> & {
    state: unknown;
  },
): Promise<void> {
  await conn('ussd_sessions')
    .insert({ ...row, state: JSON.stringify(row.state) })
    .onConflict('session_key')
    .merge();
}

export const saveSession = (
  conn: Conn,
  sessionKey: string,
  change: { state: unknown; seen_text: string; expires_at: Date },
): Promise<number> =>
  conn('ussd_sessions')
    .where({ session_key: sessionKey })
    .update({ ...change, state: JSON.stringify(change.state) });

/** Sessions ended over an hour ago: kept that long only to tell a late step its session ended. */
export const deleteOldSessions = (conn: Conn, now: Date): Promise<number> =>
  conn('ussd_sessions')
    .where('expires_at', '<', subtractTime(now, { hours: 1 }))
    .delete();

export const findPin = (conn: Conn, userId: number): Promise<UssdPinRow | undefined> =>
  conn('ussd_pins').where({ user_id: userId }).first();

/** The row every PIN change starts from (no PIN yet). */
export async function ensurePinRow(conn: Conn, userId: number, now: Date): Promise<void> {
  await conn('ussd_pins').insert({ user_id: userId, updated_at: now }).onConflict('user_id').ignore();
}

export async function setPin(conn: Conn, userId: number, pinHash: string, now: Date): Promise<void> {
  await ensurePinRow(conn, userId, now);
  await conn('ussd_pins').where({ user_id: userId }).update({
    pin_hash: pinHash,
    wrong_tries: 0,
    locked_until: null,
    code_hash: null,
    code_expires_at: null,
    code_tries: 0,
    updated_at: now,
  });
}

/** A code texted to set the PIN: counted against the day's texts (the window restarts a day after its first). */
export async function startCode(
  conn: Conn,
  userId: number,
  code: { hash: string; expiresAt: Date; sentToday: number; since: Date },
  now: Date,
): Promise<void> {
  await conn('ussd_pins').where({ user_id: userId }).update({
    code_hash: code.hash,
    code_expires_at: code.expiresAt,
    code_tries: 0,
    codes_sent: code.sentToday,
    codes_since: code.since,
    updated_at: now,
  });
}

/**
 * One more wrong try, of the texted code (`code_tries`) or of the PIN (`wrong_tries`): the count
 * after it (tries at the same moment each counted once).
 */
export async function countWrongTry(
  conn: Conn,
  userId: number,
  column: 'code_tries' | 'wrong_tries',
  now: Date,
): Promise<number> {
  const [row] = await conn('ussd_pins')
    .where({ user_id: userId })
    .update({ [column]: conn.raw('?? + 1', [column]), updated_at: now })
    .returning(column);
  return Number((row as Record<string, number> | undefined)?.[column] ?? 0);
}

export const dropCode = (conn: Conn, userId: number, now: Date): Promise<number> =>
  conn('ussd_pins')
    .where({ user_id: userId })
    .update({ code_hash: null, code_expires_at: null, code_tries: 0, updated_at: now });

/** Locks the menu until `until`, once: false when another step locked it first. */
export async function lockPin(conn: Conn, userId: number, until: Date, tries: number, now: Date): Promise<boolean> {
  const count = await conn('ussd_pins')
    .where({ user_id: userId })
    .where('wrong_tries', '>=', tries)
    .where((w) => w.whereNull('locked_until').orWhere('locked_until', '<=', now))
    .update({ locked_until: until, wrong_tries: 0, updated_at: now });
  return count > 0;
}

export const rightPin = (conn: Conn, userId: number, now: Date): Promise<number> =>
  conn('ussd_pins').where({ user_id: userId }).update({ wrong_tries: 0, updated_at: now });

/** What the menu shows of the professional's listing: paid until, reviews and their total. */
export const listing = (conn: Conn, userId: number) =>
  conn('professional_profiles').where({ user_id: userId }).first('paid_until', 'review_count', 'rating_total');

/** A forgotten account's PIN and phone-menu sessions (features/privacy/anonymise.ts, in its transaction). */
export async function forgetUssdOf(conn: Conn, userId: number): Promise<void> {
  await conn('ussd_pins').where({ user_id: userId }).delete();
  await conn('ussd_sessions').where({ user_id: userId }).delete();
}

const isoOf = (value: Timestamp | null): string | null => (value ? new Date(value).toISOString() : null);

/**
 * What "Download my data" shows of the phone menu (features/privacy/export.ts): whether a PIN is
 * set, since when, and its lock; the PIN-code texts counted; the menu's sessions still kept (at
 * most an hour after they end). Never a hash, nor where in the menu a session stood. Null when
 * the account never used the menu.
 */
export async function ussdDataOf(conn: Conn, userId: number) {
  const pin = await findPin(conn, userId);
  const sessions = await conn('ussd_sessions')
    .where({ user_id: userId })
    .orderBy('created_at')
    .select('phone', 'created_at', 'expires_at');
  if (!pin && sessions.length === 0) return null;
  return {
    pinSet: Boolean(pin?.pin_hash),
    pinChangedAt: pin?.pin_hash ? isoOf(pin.updated_at) : null,
    wrongPinsInARow: pin?.wrong_tries ?? 0,
    lockedUntil: isoOf(pin?.locked_until ?? null),
    pinCodeTexts: pin ? { sent: pin.codes_sent, since: isoOf(pin.codes_since) } : null,
    menuSessions: sessions.map((session) => ({
      phone: session.phone,
      startedAt: isoOf(session.created_at),
      endsAt: isoOf(session.expires_at),
    })),
  };
}
