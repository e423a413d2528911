import type { Conn } from '../../db.ts';
import type { UserRow } from '../../db-tables.ts';
import { toCount } from '../../db.ts';
import { addressKey } from '../../http/address-key.ts';
import { subtractTime, MINUTE_MS } from '../../../../contract/dates.ts';

/**
 * Spec-free but necessary: 10 failures for one account, or 50 from one address (an IPv6 /64), in
 * 15 minutes.
 */
export const THROTTLE = { windowMs: 15 * MINUTE_MS, perAccount: 10, perAddress: 50 } as const;

/**
 * Whether the failures recorded so far pass a limit. For the account, attempts still being checked
 * count as failures (this one's own row included), so guesses sent together are checked in turn;
 * for the address only finished failures count, since many people share a carrier's address and
 * may sign in at the same moment.
 */
async function overLimit(db: Conn, accountKey: string, network: string, now: Date): Promise<boolean> {
  const since = subtractTime(now, { ms: THROTTLE.windowMs });
  // Failures since the account's last success count; a success does not clear the address's.
  const lastSuccess = await db('login_attempts')
    .where({ account_key: accountKey, succeeded: true })
    .where('created_at', '>', since)
    .max({ at: 'created_at' })
    .first();
  const accountSince = lastSuccess?.at && new Date(lastSuccess.at) > since ? new Date(lastSuccess.at) : since;
  const [{ n: accountFailures }] = await db('login_attempts')
    .where({ account_key: accountKey })
    .whereRaw('succeeded is not true') // failed, or still being checked (NULL)
    .where('created_at', '>', accountSince)
    .count({ n: '*' });
  if (toCount(accountFailures) > THROTTLE.perAccount) return true;
  const [{ n: addressFailures }] = await db('login_attempts')
    .where({ address_key: network, succeeded: false })
    .where('created_at', '>', since)
    .count({ n: '*' });
  return toCount(addressFailures) > THROTTLE.perAddress;
}

/**
 * Runs `check` (the password comparison) only while the account and the address are under their
 * limits, and returns its answer, or 'blocked'. The attempt is written (as being checked) before
 * the limits are read, so attempts made at the same moment each see the ones before them: of 60
 * parallel guesses at most 10 are checked (12 were, counting after the fact).
 */
export async function attempt(
  db: Conn,
  accountKey: string,
  ip: string,
  now: Date,
  check: () => Promise<boolean>,
): Promise<boolean | 'blocked'> {
  const network = addressKey(ip); // an IPv6 client's whole /64
  const [row] = await db('login_attempts')
    .insert({ account_key: accountKey, ip, address_key: network, succeeded: null, created_at: now })
    .returning('id');
  if (await overLimit(db, accountKey, network, now)) {
    await db('login_attempts').where({ id: row.id }).del(); // a refused attempt guessed nothing
    return 'blocked';
  }
  let ok = false;
  try {
    ok = await check();
  } finally {
    await db('login_attempts').where({ id: row.id }).update({ succeeded: ok });
  }
  return ok;
}

/** A forgotten account's sign-in attempts, under each key they were counted by (privacy/anonymise.ts). */
export const forgetAttemptsOf = (conn: Conn, user: Pick<UserRow, 'id' | 'email' | 'phone'>) =>
  conn('login_attempts')
    .whereIn('account_key', [`user:${user.id}`, user.email.toLowerCase(), user.phone])
    .delete();
