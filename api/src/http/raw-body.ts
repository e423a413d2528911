import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/**
 * The slowest a body may arrive once it has begun: from `graceMs` after the start, each `windowMs`
 * must bring at least `bytesPerSecond` × its length (or the rest of a declared body, if less).
 * Past it the body is refused with a 408 saying `message`, and the connection closes.
 */
export interface MinimumRate {
  bytesPerSecond: number;
  graceMs: number;
  windowMs: number;
  message: string;
}

/**
 * Reads a request body that is not JSON (a file) into one Buffer, never more than `limit` bytes:
 * a declared Content-Length above it is refused before reading anything, and a body that grows
 * past it (chunked, or longer than declared) is refused at the first chunk that crosses it. The
 * refusal asks to close the connection, so the rest is not read. (The request is paused, not
 * destroyed: destroying it would cut the socket before the 413 could be answered.)
 */
export function readRawBody(
  req: IncomingMessage,
  limit: number,
  tooLarge: string,
  slowest?: MinimumRate,
): Promise<Buffer> {
  const refusal = () => new HttpError(413, 'too_large', tooLarge, { headers: { Connection: 'close' } });
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(refusal());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // The bytes had when the window being measured began.
    let windowStart = 0;
    let checks: NodeJS.Timeout | undefined;
    const measure = (rate: MinimumRate) => {
      const wanted = (rate.bytesPerSecond * rate.windowMs) / 1000;
      const left = Number.isFinite(declared) ? declared - windowStart : Infinity;
      if (total - windowStart < Math.min(wanted, left)) {
        stop();
        req.pause();
        reject(new HttpError(408, 'too_slow', rate.message, { headers: { Connection: 'close' } }));
        return;
      }
      windowStart = total;
      checks = setTimeout(measure, rate.windowMs, rate);
    };
    // The first window measured is the one that ends `graceMs` after the start.
    if (slowest)
      checks = setTimeout(
        () => {
          windowStart = total;
          checks = setTimeout(measure, slowest.windowMs, slowest);
        },
        Math.max(0, slowest.graceMs - slowest.windowMs),
      );
    const stop = () => {
      clearTimeout(checks);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        stop();
        req.pause();
        reject(refusal());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
