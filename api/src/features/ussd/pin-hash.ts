import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The PIN's hash: scrypt (N=2^14, r=8: about 16 MB and tens of milliseconds), not argon2 with the
 * passwords' profile. A 4-digit PIN has 10,000 values, so no hash makes a stolen one hard to guess:
 * what protects it is the lock after 5 wrong tries (docs/PRODUCT.md "The phone menu (USSD)"). The
 * hash keeps it from being read as it is, and this one leaves room in the gateway's 2 seconds.
 */
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_BYTES = 32;

const derive = (pin: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${(await derive(pin, salt)).toString('hex')}`;
}

export async function pinMatches(stored: string | null, pin: string): Promise<boolean> {
  const [kind, salt, key] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(pin, Buffer.from(salt, 'hex'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A 6-digit code texted to set the PIN. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
