import { EVENT_TICKET_TTL_MS, EVENTS_KEPT_DAYS, type UserEvent } from '../../../../contract/events.ts';
import { type Conn, jsonColumn } from '../../db.ts';
import { newToken, hashToken } from '../../tokens.ts';
import { addTime } from '../../../../contract/dates.ts';

/**
 * Where a stream has got to: the (transaction id, event id) of the last event it was given, or
 * (oldest running transaction, 0) once everything older has been given. Sent to the browser as
 * "txid.id" (contract/events.ts: opaque to it).
 */
export interface Cursor {
  txid: bigint;
  id: bigint;
}

export const formatCursor = ({ txid, id }: Cursor): string => `${txid}.${id}`;

/** The largest transaction id (xid8) and event id (bigint) the database holds: a larger one fails the query. */
const MAX_TXID = 2n ** 64n - 1n;
const MAX_ID = 2n ** 63n - 1n;

/** A cursor as a client sends it back, or null (not one of ours). Bounded before the pattern runs. */
export function parseCursor(raw: string | undefined): Cursor | null {
  if (!raw || raw.length > 41) return null;
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(raw);
  if (!match) return null;
  const cursor = { txid: BigInt(match[1]), id: BigInt(match[2]) };
  return cursor.txid <= MAX_TXID && cursor.id <= MAX_ID ? cursor : null;
}

const later = (a: Cursor, b: Cursor) => a.txid > b.txid || (a.txid === b.txid && a.id > b.id);
export const latest = (a: Cursor, b: Cursor): Cursor => (later(a, b) ? a : b);

export interface DeliveredEvent {
  cursor: Cursor;
  event: UserEvent;
  /** How long ago, by the database's clock, the event was written (its delivery lag when sent now). */
  ageSeconds: number;
}

/** Replays after a reconnect are bounded: a client that missed more reads everything again (`reset`). */
export const REPLAY_MAX = 500;
/** A first connection also gets what happened this long before it: the page read its data about then. */
const FIRST_CONNECTION_OVERLAP = '30 seconds';

/** The oldest transaction still running: every event of an older one is committed (or never will be). */
const HORIZON = 'pg_snapshot_xmin(pg_current_snapshot())';

/** A single-use ticket for `userId`'s stream, tied to the session it came from. */
export async function issueTicket(db: Conn, userId: number, sessionHash: string, now: Date): Promise<string> {
  const { token, hash } = newToken();
  await db('event_tickets').insert({
    ticket_hash: hash,
    user_id: userId,
    session_hash: sessionHash,
    expires_at: addTime(now, { ms: EVENT_TICKET_TTL_MS }),
  });
  return token;
}

/** Takes a ticket (it is good once): its user and session, or undefined when unknown, used or expired. */
export async function takeTicket(
  db: Conn,
  ticket: string,
  now: Date,
): Promise<{ userId: number; sessionHash: string } | undefined> {
  const [row] = await db('event_tickets')
    .where({ ticket_hash: hashToken(ticket) })
    .delete()
    .returning(['user_id', 'session_hash', 'expires_at']);
  if (!row || new Date(row.expires_at) <= now) return undefined;
  return { userId: Number(row.user_id), sessionHash: String(row.session_hash) };
}

/**
 * `userId`'s events after `after` (or, with no cursor, of the last 30 seconds), oldest first, and
 * the cursor to read from next. Only events of transactions older than every running one are
 * given: see migration 20261127000000. `more` says the page was full.
 */
export async function eventsAfter(
  db: Conn,
  userId: number,
  after: Cursor | null,
  limit = REPLAY_MAX,
): Promise<{ events: DeliveredEvent[]; next: Cursor; more: boolean }> {
  // One statement, one snapshot: the horizon and the events below it are read together (a
  // horizon read later could pass a transaction that committed in between, unread).
  const since = after
    ? '(e.txid, e.id) > (?::xid8, ?::bigint)'
    : `e.created_at > now() - interval '${FIRST_CONNECTION_OVERLAP}'`;
  const { rows } = (await db.raw(
    `select h.horizon::text as horizon, e.txid::text as txid, e.id::text as id, e.type, e.data,
            extract(epoch from clock_timestamp() - e.created_at)::float8 as age
       from (select ${HORIZON} as horizon) h
       left join lateral (
         select e.txid, e.id, e.type, e.data, e.created_at from user_events e
          where e.user_id = ? and e.txid < h.horizon and ${since}
          order by e.txid, e.id limit ?
       ) e on true`,
    [userId, ...(after ? [String(after.txid), String(after.id)] : []), limit],
  )) as {
    rows: {
      horizon: string;
      txid: string | null;
      id: string | null;
      type: string | null;
      data: unknown;
      age: number | null;
    }[];
  };
  const events = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      cursor: { txid: BigInt(row.txid!), id: BigInt(row.id!) },
      event: { ...jsonColumn<object>(row.data), type: row.type } as UserEvent,
      ageSeconds: Math.max(0, Number(row.age)),
    }));
  const more = events.length === limit;
  let next = after ?? { txid: 0n, id: 0n };
  if (events.length) next = latest(next, events[events.length - 1].cursor);
  // Everything older than the horizon has been read, unless the page was full.
  if (!more) next = latest(next, { txid: BigInt(rows[0].horizon), id: 0n });
  return { events, next, more };
}

export async function horizon(db: Conn): Promise<Cursor> {
  const { rows } = (await db.raw(`select ${HORIZON}::text as horizon`)) as { rows: { horizon: string }[] };
  return { txid: BigInt(rows[0].horizon), id: 0n };
}

/**
 * True when events after `after` may have been deleted (older than EVENTS_KEPT_DAYS): the
 * cursor is older than the oldest event kept. Also true for a cursor from before the oldest
 * event when nothing older was ever deleted: the client then reads everything again, which is
 * harmless. And true for a cursor past the horizon, which the server never gave (it would wait
 * for transactions that have not run yet, missing every event until then).
 */
export async function mayHaveMissed(db: Conn, after: Cursor): Promise<boolean> {
  const { rows } = (await db.raw(
    `select coalesce((select txid from user_events order by txid limit 1) > ?::xid8, false)
            or ?::xid8 > ${HORIZON} as missed`,
    [String(after.txid), String(after.txid)],
  )) as {
    rows: { missed: boolean }[];
  };
  return rows[0].missed;
}

/** Deletes events older than EVENTS_KEPT_DAYS and tickets past their minute. */
export async function prune(db: Conn, now: Date): Promise<{ events: number; tickets: number }> {
  const events = await db('user_events').whereRaw(`created_at < now() - interval '${EVENTS_KEPT_DAYS} days'`).delete();
  const tickets = await db('event_tickets').where('expires_at', '<', now).delete();
  return { events, tickets };
}
