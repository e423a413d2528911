import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/**
 * The API's JSON answers of 1 KB or more go out brotli or gzip, as the site's files do: a search
 * answer of 50 professionals is ~17 KB of repetitive JSON, ~3 KB compressed, on a metered 3G line.
 * Only JSON: never the live stream (text/event-stream must flush as it goes), never photos or
 * downloads. Safe from BREACH-style guessing: the API's secrets travel in an Authorization header
 * another site cannot make a browser send, so no one can reflect text into a victim's answers.
 * zstd and deflate are left out: brotli and gzip are what every phone's browser and fetch decode.
 */
export function compressJson(): Middleware {
  return compress({
    filter: (type) => /^application\/json\b/i.test(type),
    threshold: 1024,
    encodingPreference: ['br', 'gzip', 'identity'],
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    deflate: false,
    zstd: false,
  });
}
