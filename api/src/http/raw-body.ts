import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/**
 * Reads a request body that is not JSON (a file) into one Buffer, never more than `limit` bytes:
 * a declared Content-Length above it is refused before reading anything, and a body that grows
 * past it (chunked, or longer than declared) is refused at the first chunk that crosses it. The
 * refusal asks to close the connection, so the rest is not read. (The request is paused, not
 * destroyed: destroying it would cut the socket before the 413 could be answered.)
 */
export function readRawBody(req: IncomingMessage, limit: number, tooLarge: string): Promise<Buffer> {
  const refusal = () => new HttpError(413, 'too_large', tooLarge, { headers: { Connection: 'close' } });
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(refusal());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
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
