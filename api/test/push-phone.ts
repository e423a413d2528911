import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import type { PushPayload } from '../../contract/push.ts';

/**
 * A phone's browser, as far as Web Push goes (for the tests): its own P-256 key pair and auth
 * secret, the subscription it would hand the server, and the decryption a browser does of what
 * the push service delivers (RFC 8291, aes128gcm, one record). Decrypting proves the server
 * encrypted for this phone's keys: nobody else can read the payload.
 */
export function fakePhone(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const publicKey = ecdh.getPublicKey();
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  return {
    subscription: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
    /** The payload of one delivered body (base64url, as the local push service keeps it). */
    decrypt(bodyBase64url: string): PushPayload {
      const body = Buffer.from(bodyBase64url, 'base64url');
      const salt = body.subarray(0, 16);
      const idLength = body[20];
      const serverKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const secret = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = hmac(hmac(auth, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then any zero padding.
      const end = padded.lastIndexOf(2);
      return JSON.parse(padded.subarray(0, end).toString('utf8')) as PushPayload;
    },
  };
}
