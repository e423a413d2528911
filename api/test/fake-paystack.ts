import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the parts of Paystack's API the product uses
 * (reference/paystack.md): GET /transaction/verify/:reference with Bearer auth, 200 with
 * `data.status` for known references, 400 "Transaction reference not found" otherwise.
 */
export interface FakeTransaction {
  id: number;
  status: string;
  reference: string;
  amount: number;
  currency: string;
  channel: string;
  paid_at: string | null;
  metadata: unknown;
  customer: { email: string };
}

export interface FakePaystack {
  apiBase: string;
  secretKey: string;
  publicKey: string;
  /** Record what a customer paid at Paystack (defaults: success, GHS, mobile money). */
  charge(tx: Partial<FakeTransaction> & { reference: string; amount: number; email: string; metadata?: unknown }): FakeTransaction;
  /** The next verify answers with this HTTP status and no data (e.g. 500, 429). */
  failNext(status: number): void;
  /** Webhook body and its x-paystack-signature, as Paystack would send them. */
  webhook(event: string, data: object, secret?: string): { body: string; signature: string };
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export async function startFakePaystack(): Promise<FakePaystack> {
  const secretKey = 'sk_test_fakepaystacksecret0001';
  const transactions = new Map<string, FakeTransaction>();
  const requests: FakePaystack['requests'] = [];
  let failures: number[] = [];
  let nextId = 4099260516;

  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { status: false, message: 'Invalid key' });
    const failure = failures.shift();
    if (failure) return send(failure, { status: false, message: failure === 429 ? 'Rate limit exceeded!' : 'Server error' });
    const match = /^\/transaction\/verify\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && match) {
      const tx = transactions.get(decodeURIComponent(match[1]));
      if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, { status: true, message: 'Verification successful', data: tx });
    }
    send(404, { status: false, message: 'Not found' });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    publicKey: 'pk_test_fakepaystackpublic0001',
    requests,
    charge(input) {
      const tx: FakeTransaction = {
        id: nextId++,
        status: input.status ?? 'success',
        reference: input.reference,
        amount: input.amount,
        currency: input.currency ?? 'GHS',
        channel: input.channel ?? 'mobile_money',
        paid_at: input.paid_at === undefined ? new Date().toISOString() : input.paid_at,
        metadata: input.metadata ?? '',
        customer: { email: input.email },
      };
      transactions.set(tx.reference, tx);
      return tx;
    },
    failNext(status) {
      failures.push(status);
    },
    webhook(event, data, secret = secretKey) {
      const body = JSON.stringify({ event, data });
      return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
    },
    close: () =>
      new Promise<void>((resolve) => {
        failures = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
