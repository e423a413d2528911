import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers speaking the two text-message APIs the product uses:
 * - Arkesel SMS v2: POST /api/v2/sms/send, header `api-key`, JSON {sender, message, recipients};
 *   200 {"status":"success","data":[{recipient,id}]}, numbers it cannot reach under "invalid numbers";
 *   401 {"status":"error","message":"Unauthenticated"} for a wrong key; 422 for a bad request.
 * - WhatsApp Cloud API: POST /{version}/{phone-number-id}/messages with a bearer token; 200
 *   {"messaging_product":"whatsapp","contacts":[…],"messages":[{"id":"wamid…"}]}, or an
 *   {"error":{message,type,code,fbtrace_id}} body: 132001 for a template that does not exist, 190
 *   for a bad token.
 */
export interface FakeMessaging {
  base: string;
  apiKey: string;
  accessToken: string;
  phoneNumberId: string;
  /** Templates Meta has approved for this business. */
  templates: Set<string>;
  sms: { sender: string; message: string; recipients: string[] }[];
  whatsapp: { to: string; template: string; language: string; parameters: string[] }[];
  /** The next n requests answer with this HTTP status (500: gateway error). */
  failNext(status: number, n?: number): void;
  close(): Promise<void>;
}

const readJson = (req: IncomingMessage) =>
  new Promise<any>((resolve) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(raw || '{}'));
      } catch {
        resolve(null);
      }
    });
  });

export async function startFakeMessaging(): Promise<FakeMessaging> {
  const apiKey = 'fake-arkesel-key-0001';
  const accessToken = 'EAAfakewhatsapptoken0001';
  const phoneNumberId = '106540352242922';
  const sms: FakeMessaging['sms'] = [];
  const whatsapp: FakeMessaging['whatsapp'] = [];
  const templates = new Set(['service_update']);
  let failures: number[] = [];
  let nextId = 1;

  const server: Server = createServer(async (req, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const body = await readJson(req);
    const failure = failures.shift();
    if (req.method === 'POST' && req.url === '/api/v2/sms/send') {
      if (req.headers['api-key'] !== apiKey) return send(401, { status: 'error', message: 'Unauthenticated' });
      if (failure) return send(failure, { status: 'error', message: 'Service temporarily unavailable' });
      if (
        !body ||
        typeof body.sender !== 'string' ||
        body.sender.length > 11 ||
        typeof body.message !== 'string' ||
        !Array.isArray(body.recipients)
      ) {
        return send(422, { status: 'error', message: 'The given data was invalid.' });
      }
      const valid = body.recipients.filter((r: unknown) => typeof r === 'string' && /^233\d{9}$/.test(r));
      const invalid = body.recipients.filter((r: string) => !valid.includes(r));
      if (valid.length) sms.push({ sender: body.sender, message: body.message, recipients: valid });
      return send(200, {
        status: 'success',
        data: [
          ...valid.map((recipient: string) => ({ recipient, id: `sms-${nextId++}` })),
          ...(invalid.length ? [{ 'invalid numbers': invalid }] : []),
        ],
      });
    }
    const wa = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(req.url ?? '');
    if (req.method === 'POST' && wa) {
      const error = (status: number, code: number, message: string) =>
        send(status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123' } });
      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return error(401, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (wa[2] !== phoneNumberId) return error(400, 100, 'Unsupported post request.');
      if (failure) return error(failure, 131000, 'Something went wrong');
      if (body?.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(body.to ?? ''))
        return error(400, 100, 'Invalid parameter');
      // Business-initiated messages must be approved templates (no conversation is open).
      if (body.type !== 'template') return error(400, 131047, 'Re-engagement message');
      if (!templates.has(body.template?.name))
        return error(404, 132001, 'Template name does not exist in the translation');
      const parameters: string[] = (body.template.components ?? []).flatMap((c: any) =>
        (c.parameters ?? []).map((p: any) => p.text),
      );
      if (parameters.some((p) => /[\n\t]| {5,}/.test(p)))
        return error(400, 132000, 'Number of parameters does not match');
      whatsapp.push({ to: body.to, template: body.template.name, language: body.template.language?.code, parameters });
      return send(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.HBgM${nextId++}` }],
      });
    }
    send(404, { status: 'error', message: 'Not found' });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    apiKey,
    accessToken,
    phoneNumberId,
    templates,
    sms,
    whatsapp,
    failNext(status, n = 1) {
      failures.push(...Array.from({ length: n }, () => status));
    },
    close: () =>
      new Promise<void>((resolve) => {
        failures = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
