import { hash, randomBytes } from 'node:crypto';

/** A random opaque token (32 bytes) and the SHA-256 hash that is all the database keeps. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

// One-shot hash(): every signed-in request hashes its token, and it allocates no Hash object.
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
