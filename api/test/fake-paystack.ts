import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signUp, type signupBody } from './accounts.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * A local server that speaks the parts of Paystack's API the product uses
 * (reference/paystack.md): GET /transaction/verify/:reference with Bearer auth, 200 with
 * `data.status` for known references, 400 "Transaction reference not found" otherwise; and the
 * transfer calls: POST /transferrecipient, POST /transfer (a reference used twice is refused),
 * GET /transfer/verify/:reference; and POST /transaction/charge_authorization, which charges a
 * card authorization again (only a reusable one, only for its customer's email, never under a
 * reference used before) and answers 200 with the new transaction, whose status is "failed" when
 * the bank declines. Paystack asks for a customer's address on a domain that exists: a charge for
 * one under the reserved `.invalid` domain is refused as "Invalid Email Address Passed".
 */

/** An address no domain can receive (the reserved .invalid top-level domain). */
const undeliverable = (email: unknown) => /\.invalid$/i.test(String(email));
export interface FakeTransfer {
  reference: string;
  amount: number;
  recipient: string;
  status: string;
  transfer_code: string;
  account_number: string;
  bank_code: string;
  name: string;
}
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
  gateway_response: string;
  authorization: Record<string, unknown>;
}

export interface FakePaystack {
  apiBase: string;
  secretKey: string;
  publicKey: string;
  /** Record what a customer paid at Paystack (defaults: success, GHS, mobile money; a card leaves a reusable Visa 4081). */
  charge(
    tx: Partial<FakeTransaction> & { reference: string; amount: number; email: string; metadata?: unknown },
  ): FakeTransaction;
  /** From now on the bank declines charges of this authorization (until allowed again). */
  decline(authorizationCode: string, declined?: boolean): void;
  /** Each charge_authorization call's body as received. */
  authorizationCharges: {
    authorization_code: string;
    email: string;
    amount: number;
    reference: string;
    currency: string;
  }[];
  /** The next verify answers with this HTTP status and no data (e.g. 500, 429). */
  failNext(status: number): void;
  /**
   * While on, every request is carried out but never answered (a Paystack that hangs, or whose
   * answers are lost); off again, it answers as before (the held requests stay unanswered until
   * their callers give up).
   */
  hang(on: boolean): void;
  /** Requests taken while hanging. */
  readonly held: number;
  /**
   * Direct mobile-money charges (POST /charge) as received. A charge answers `pay_offline` (a
   * Telecel one `send_otp`, whose voucher is MOMO_VOUCHER), unless nextMomo set another status;
   * its transaction stays `ongoing` until approveMomo or declineMomo.
   */
  momoCharges: {
    reference: string;
    amount: number;
    email: string;
    mobile_money: { phone: string; provider: string };
    metadata?: unknown;
  }[];
  nextMomo(status: 'pay_offline' | 'send_otp' | 'pending' | 'success' | 'failed'): void;
  approveMomo(reference: string): void;
  declineMomo(reference: string): void;
  /** Webhook body and its x-paystack-signature, as Paystack would send them. */
  webhook(event: string, data: object, secret?: string): { body: string; signature: string };
  requests: { method: string; path: string; authorization: string | undefined }[];
  transfers: Map<string, FakeTransfer>;
  /** The status the next new transfer starts with (default 'pending'); 'refuse' answers 400 "Insufficient balance". */
  nextTransferStatus(status: string): void;
  /** Paystack finishing a transfer later (what its webhook then reports). */
  finishTransfer(reference: string, status: 'success' | 'failed' | 'reversed'): void;
  close(): Promise<void>;
}

export const MOMO_VOUCHER = '482916';

/** The environment that points an app's Paystack adapter at `paystack`. */
export const paystackEnv = (paystack: FakePaystack) => ({
  PAYSTACK_SECRET_KEY: paystack.secretKey,
  PAYSTACK_PUBLIC_KEY: paystack.publicKey,
  PAYSTACK_API_BASE: paystack.apiBase,
});

export async function startFakePaystack(): Promise<FakePaystack> {
  const secretKey = 'sk_test_fakepaystacksecret0001';
  const transactions = new Map<string, FakeTransaction>();
  const requests: FakePaystack['requests'] = [];
  let failures: number[] = [];
  let nextId = 4099260516;
  const transfers = new Map<string, FakeTransfer>();
  const recipients = new Map<string, { account_number: string; bank_code: string; name: string }>();
  let transferStatus = 'pending';
  const declined = new Set<string>();
  const authorizationCharges: FakePaystack['authorizationCharges'] = [];
  const momoCharges: FakePaystack['momoCharges'] = [];
  let momoNext: string | null = null;
  const awaitingOtp = new Set<string>();
  const authorizationOf = (code: string) =>
    [...transactions.values()].find((t) => t.authorization.authorization_code === code);

  let hanging = false;
  let held = 0;
  const server: Server = createServer((req, res) => {
    // Hanging: the request is done (a charge is made) but its answer never leaves.
    const unanswered = hanging;
    if (unanswered) held++;
    requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      if (unanswered) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, { status: false, message: 'Invalid key' });
    const failure = failures.shift();
    if (failure)
      return send(failure, { status: false, message: failure === 429 ? 'Rate limit exceeded!' : 'Server error' });
    if (req.method === 'POST' && req.url === '/transaction/charge_authorization') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        authorizationCharges.push(body);
        if (undeliverable(body.email)) return send(400, { status: false, message: 'Invalid Email Address Passed' });
        const first = authorizationOf(body.authorization_code);
        if (!first) return send(400, { status: false, message: 'Invalid authorization code' });
        if (first.authorization.reusable !== true)
          return send(400, { status: false, message: 'Authorization is not reusable' });
        if (first.customer.email.toLowerCase() !== String(body.email).toLowerCase())
          return send(400, { status: false, message: 'Email does not match authorization code' });
        if (!Number.isInteger(body.amount) || body.amount <= 0)
          return send(400, { status: false, message: 'Invalid amount' });
        if (transactions.has(body.reference))
          return send(400, { status: false, message: 'Duplicate Transaction Reference' });
        const refused = declined.has(body.authorization_code);
        const tx: FakeTransaction = {
          id: nextId++,
          status: refused ? 'failed' : 'success',
          reference: body.reference,
          amount: body.amount,
          currency: body.currency ?? 'GHS',
          channel: 'card',
          paid_at: refused ? null : new Date().toISOString(),
          metadata: body.metadata ?? '',
          customer: { email: first.customer.email },
          gateway_response: refused ? 'Declined' : 'Approved',
          authorization: first.authorization,
        };
        transactions.set(tx.reference, tx);
        return send(200, { status: true, message: 'Charge attempted', data: tx });
      });
      return;
    }
    if (req.method === 'POST' && (req.url === '/charge' || req.url === '/charge/submit_otp')) {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        const answer = (tx: FakeTransaction, status: string, display: string) =>
          send(200, {
            status: true,
            message: 'Charge attempted',
            data: { reference: tx.reference, status, display_text: display, gateway_response: tx.gateway_response },
          });
        if (req.url === '/charge/submit_otp') {
          const tx = transactions.get(body.reference);
          if (!tx || !awaitingOtp.has(tx.reference))
            return send(400, { status: false, message: 'Charge not awaiting OTP' });
          if (body.otp !== MOMO_VOUCHER) return answer(tx, 'send_otp', 'Invalid voucher code. Please try again');
          awaitingOtp.delete(tx.reference);
          return answer(tx, 'pay_offline', 'Please complete authorization process on your mobile phone');
        }
        momoCharges.push(body);
        if (undeliverable(body.email)) return send(400, { status: false, message: 'Invalid Email Address Passed' });
        const mm = body.mobile_money ?? {};
        // Mobile numbers only (02x, 05x): a landline (03x) has no wallet.
        if (!/^0[25]\d{8}$/.test(String(mm.phone)) || !['mtn', 'vod', 'atl'].includes(mm.provider))
          return send(400, { status: false, message: 'Invalid mobile money details' });
        if (!Number.isInteger(body.amount) || body.amount <= 0)
          return send(400, { status: false, message: 'Invalid amount' });
        if (transactions.has(body.reference))
          return send(400, { status: false, message: 'Duplicate Transaction Reference' });
        const status = momoNext ?? (mm.provider === 'vod' ? 'send_otp' : 'pay_offline');
        momoNext = null;
        const tx: FakeTransaction = {
          id: nextId++,
          status: status === 'success' ? 'success' : status === 'failed' ? 'failed' : 'ongoing',
          reference: body.reference,
          amount: body.amount,
          currency: body.currency ?? 'GHS',
          channel: 'mobile_money',
          paid_at: status === 'success' ? new Date().toISOString() : null,
          metadata: body.metadata ?? '',
          customer: { email: body.email },
          gateway_response: status === 'failed' ? 'Not enough funds in the wallet' : 'Pending',
          authorization: {
            authorization_code: `AUTH_${nextId}m`,
            channel: 'mobile_money',
            reusable: false,
            bank: 'MTN Mobile Money',
            country_code: 'GH',
          },
        };
        transactions.set(tx.reference, tx);
        if (status === 'send_otp') awaitingOtp.add(tx.reference);
        return answer(
          tx,
          status,
          status === 'send_otp'
            ? 'Please enter the voucher code'
            : status === 'failed'
              ? tx.gateway_response
              : 'Please complete authorization process on your mobile phone',
        );
      });
      return;
    }
    if (req.method === 'POST' && (req.url === '/transferrecipient' || req.url === '/transfer')) {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        if (req.url === '/transferrecipient') {
          if (
            body.type !== 'mobile_money' ||
            !['MTN', 'VOD', 'ATL'].includes(body.bank_code) ||
            !/^0\d{9}$/.test(body.account_number) ||
            body.currency !== 'GHS'
          ) {
            return send(400, { status: false, message: 'Account details are invalid' });
          }
          const code = `RCP_${recipients.size + 1}x${nextId++}`;
          recipients.set(code, { account_number: body.account_number, bank_code: body.bank_code, name: body.name });
          return send(201, {
            status: true,
            message: 'Transfer recipient created successfully',
            data: { recipient_code: code, type: 'mobile_money' },
          });
        }
        if (transferStatus === 'refuse')
          return send(400, { status: false, message: 'Your balance is not enough to fulfil this request' });
        if (transfers.has(body.reference))
          return send(400, { status: false, message: 'Transfer reference already exists' });
        const recipient = recipients.get(body.recipient);
        if (!recipient || !Number.isInteger(body.amount) || body.source !== 'balance')
          return send(400, { status: false, message: 'Invalid transfer' });
        const transfer: FakeTransfer = {
          reference: body.reference,
          amount: body.amount,
          recipient: body.recipient,
          status: transferStatus,
          transfer_code: `TRF_${nextId++}`,
          ...recipient,
        };
        transfers.set(body.reference, transfer);
        return send(200, { status: true, message: 'Transfer has been queued', data: transfer });
      });
      return;
    }
    const transferMatch = /^\/transfer\/verify\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && transferMatch) {
      const transfer = transfers.get(decodeURIComponent(transferMatch[1]));
      if (!transfer) return send(400, { status: false, message: 'Transfer not found' });
      return send(200, { status: true, message: 'Transfer retrieved', data: transfer });
    }
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
    transfers,
    nextTransferStatus(status) {
      transferStatus = status;
    },
    finishTransfer(reference, status) {
      transfers.get(reference)!.status = status;
    },
    authorizationCharges,
    decline(code, value = true) {
      if (value) declined.add(code);
      else declined.delete(code);
    },
    charge(input) {
      const id = nextId++;
      const channel = input.channel ?? 'mobile_money';
      const tx: FakeTransaction = {
        id,
        status: input.status ?? 'success',
        reference: input.reference,
        amount: input.amount,
        currency: input.currency ?? 'GHS',
        channel,
        paid_at: input.paid_at === undefined ? new Date().toISOString() : input.paid_at,
        metadata: input.metadata ?? '',
        customer: { email: input.email },
        gateway_response: 'Successful',
        authorization:
          input.authorization ??
          (channel === 'card'
            ? {
                authorization_code: `AUTH_${id}x`,
                bin: '408408',
                last4: '4081',
                exp_month: '12',
                exp_year: '2030',
                channel: 'card',
                card_type: 'visa ',
                bank: 'TEST BANK',
                country_code: 'GH',
                brand: 'visa',
                reusable: true,
                signature: `SIG_${id}`,
              }
            : {
                authorization_code: `AUTH_${id}m`,
                channel: 'mobile_money',
                reusable: false,
                bank: 'MTN Mobile Money',
                country_code: 'GH',
              }),
      };
      transactions.set(tx.reference, tx);
      return tx;
    },
    failNext(status) {
      failures.push(status);
    },
    hang(on) {
      hanging = on;
    },
    get held() {
      return held;
    },
    momoCharges,
    nextMomo(status) {
      momoNext = status;
    },
    approveMomo(reference) {
      const tx = transactions.get(reference)!;
      Object.assign(tx, { status: 'success', paid_at: new Date().toISOString(), gateway_response: 'Approved' });
    },
    declineMomo(reference) {
      const tx = transactions.get(reference)!;
      Object.assign(tx, { status: 'failed', gateway_response: 'Declined by the customer' });
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

/**
 * A test app that pays through the real Paystack adapter, against a fake Paystack of its own.
 * Closing the app closes the fake too.
 */
export async function startTestAppWithPaystack(
  options: Parameters<typeof startTestApp>[0] = {},
): Promise<{ app: TestApp; paystack: FakePaystack }> {
  const paystack = await startFakePaystack();
  const app = await startTestApp({ ...options, env: { ...paystackEnv(paystack), ...options.env } });
  const closeApp = app.close;
  app.close = async () => {
    try {
      await closeApp();
    } finally {
      await paystack.close();
    }
  };
  return { app, paystack };
}

/** A new account (a customer unless `overrides` say otherwise) that paid its first month at `paystack`, signed in. */
export async function signUpAndPayAtPaystack(
  app: TestApp,
  paystack: FakePaystack,
  overrides: Record<string, unknown> = {},
): Promise<{ userId: number; token: string; body: ReturnType<typeof signupBody> }> {
  const { userId, payment, body } = await signUp(app, overrides);
  paystack.charge({
    reference: payment.reference,
    amount: payment.amountKobo,
    email: body.email,
    metadata: payment.metadata,
  });
  const done = await app.request('/api/complete-registration', {
    method: 'POST',
    json: { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret },
  });
  if (done.status !== 200) throw new Error(`completion failed: ${done.status} ${JSON.stringify(done.body)}`);
  return { userId, token: done.body.token as string, body };
}
