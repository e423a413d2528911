import type { Config } from '../../config.ts';
import type { Db } from '../../db.ts';
import { newVapidKeys, type VapidKeys } from '../../providers/push.ts';

/**
 * The server's VAPID keys: from the environment, or, outside production without them,
 * a pair made once and kept in the database, so the phones subscribed before a restart, or to
 * another process, still receive. Null when push is off.
 */
export async function pushKeys(config: Config, db: Db): Promise<VapidKeys | null> {
  if (!config.push) return null;
  if (config.push.keys !== 'kept') return config.push.keys;
  const made = newVapidKeys();
  // Two processes starting together: the first pair written wins and both read it.
  await db('push_vapid_keys')
    .insert({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: new Date() })
    .onConflict('id')
    .ignore();
  const kept = await db('push_vapid_keys').where({ id: 1 }).first('public_key', 'private_key');
  return kept ? { publicKey: kept.public_key, privateKey: kept.private_key } : null;
}
