import { createPublicKey, verify } from 'node:crypto';
import Router from '@koa/router';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { readRawBody } from '../../http/raw-body.ts';
import { isPathOf } from '../../http/route-paths.ts';
import { routeTable } from '../../http/serve.ts';
import * as z from 'zod/mini';
import { localPushInbox, type PushReceived, pushToLocalService } from '../../../../contract/dev.ts';
import { fromThisMachine, requireLoopbackName } from './routes.ts';

/**
 * A push service on this machine: in the sandbox and in tests, phones' push addresses
 * point here instead of at Google's or Mozilla's, so nothing leaves the machine. It takes what the
 * server's `web-push` sends as a real push service does (RFC 8030): the VAPID signature is
 * checked against the server's own key, the body must be an aes128gcm record, and the encrypted
 * body is kept (the last MESSAGES_KEPT) for a test or a developer to read back and decrypt with
 * the phone's keys. A channel named `gone-…` answers 410, as a push service does for a phone that
 * unsubscribed. Only while push is local-only, and only from this machine.
 */
const MESSAGES_KEPT = 200;
/** What a push service takes at most (RFC 8291: 4096 bytes of payload plus the record's overhead). */
const BODY_MAX_BYTES = 4096 + 103;
/** The fake push service's channels: a test's own phone is `${LOCAL_PUSH_PATH}/{name}`. */
export const LOCAL_PUSH_PATH = pushToLocalService.path.slice(0, -'/:channel'.length);

const received: PushReceived[] = [];

/** `vapid t=<JWT>, k=<key>`: the JWT is ES256-signed by `k`, for this origin, not expired. */
function vapidProblem(header: string, origin: string, serverKey: string, now: number): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) return 'no VAPID authorization';
  const [, jwt, key] = match;
  if (key !== serverKey) return 'signed with another key';
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad signature';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number };
  if (body.aud !== origin) return 'for another audience';
  if (!body.exp || body.exp * 1000 < now) return 'expired';
  return null;
}

export function localPushServiceRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const open = (ctx: Parameters<typeof fromThisMachine>[0]) => !!deps.push?.localOnly && fromThisMachine(ctx);

  serve(pushToLocalService, pushAnswer, async (ctx, { params }) => {
    if (!open(ctx)) throw notFound('No such API endpoint.');
    const channel = params.channel.slice(0, 100);
    if (channel.startsWith('gone-')) {
      ctx.status = 410;
      return { success: false, error: 'This push subscription has expired or was unsubscribed.' };
    }
    const problem =
      ctx.get('content-encoding') !== 'aes128gcm'
        ? 'not an aes128gcm body'
        : !ctx.get('ttl')
          ? 'no TTL'
          : vapidProblem(
              ctx.get('authorization'),
              `${ctx.protocol}://${ctx.host}`,
              deps.push!.publicKey,
              deps.clock.now().getTime(),
            );
    if (problem) {
      ctx.status = problem.startsWith('no VAPID') || problem.includes('sign') ? 403 : 400;
      return { success: false, error: problem };
    }
    const body = await readRawBody(ctx.req, BODY_MAX_BYTES, 'The push message is larger than a push service takes.');
    received.push({
      channel,
      receivedAt: deps.clock.now().toISOString(),
      ttl: ctx.get('ttl'),
      urgency: ctx.get('urgency'),
      body: body.toString('base64url'),
    });
    if (received.length > MESSAGES_KEPT) received.shift();
    return { success: true };
  });

  serve(localPushInbox, inboxAnswer, (ctx, { params }) => {
    if (!open(ctx)) throw notFound('No such API endpoint.');
    requireLoopbackName(ctx, 'local push service');
    return { success: true, messages: received.filter((m) => m.channel === params.channel) };
  });
  return router;
}

const pushAnswer = z.union([
  z.object({ success: z.literal(true) }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
const inboxAnswer = z.object({
  success: z.literal(true),
  messages: z.array(
    z.object({ channel: z.string(), receivedAt: z.string(), ttl: z.string(), urgency: z.string(), body: z.string() }),
  ),
});

/** Whether a request goes to the local push service: its body is the encrypted record, not JSON. */
export const takesPushBody = (method: string, path: string) =>
  method === 'POST' && isPathOf(pushToLocalService.path, path);
