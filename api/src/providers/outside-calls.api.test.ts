import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMessaging, type FakeMessaging } from '../../test/fake-messaging.ts';
import { startFakePaystack, type FakePaystack } from '../../test/fake-paystack.ts';
import { createTestDb } from '../../test/harness.ts';
import type { Db } from '../db.ts';
import { CalledInTransactionError } from './bounds.ts';
import type { Transport } from './notifier.ts';
import { paystackProvider } from './paystack.ts';
import type { ProviderCallOutcome, ProviderObserver } from './provider-observer.ts';
import { arkeselSmsTransport } from './sms.ts';

// No outside call inside a database transaction (docs/HOUSE-RULES.md): the provider client itself
// refuses, whatever the function that makes the call is named, on PGlite and on PostgreSQL alike.
let db: Db;
let drop: () => Promise<void>;
let fake: FakeMessaging;
let paystack: FakePaystack;
const outcomes: ProviderCallOutcome[] = [];
const observer: ProviderObserver = { call: (_p, outcome) => outcomes.push(outcome), circuit() {}, inFlight() {} };
let sms: Transport;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  fake = await startFakeMessaging();
  paystack = await startFakePaystack();
  sms = arkeselSmsTransport({ apiBase: fake.base, apiKey: fake.apiKey, senderId: 'SrvConnect', observer });
});
afterAll(async () => {
  await drop();
  await fake.close();
  await paystack.close();
});

const message = (to: string) => ({ to, subject: 'Booking', text: 'ServiceConnect: your booking is confirmed.' });

/** An innocent-looking helper that happens to text someone: the guard must not care what it is called. */
async function recordThenTell(conn: Db, to: string) {
  await conn.raw('select 1');
  await Promise.resolve().then(() => sms.deliver(message(to)));
}

describe('a provider call inside a database transaction', () => {
  it('goes through outside one (the fake gateway gets it)', async () => {
    await recordThenTell(db, '+233241110001');
    expect(fake.sms.map((s) => s.recipients[0])).toContain('233241110001');
  });

  it('is refused inside db.transaction(callback), through any wrapper, and nothing is sent', async () => {
    const before = fake.sms.length;
    outcomes.length = 0;
    const attempt = db.transaction(async (trx) => {
      await trx('users').count();
      await recordThenTell(trx, '+233241110002');
    });
    await expect(attempt).rejects.toBeInstanceOf(CalledInTransactionError);
    expect(fake.sms.length).toBe(before);
    expect(outcomes).toEqual(['refused_in_transaction']);
  });

  it('is refused in a nested transaction, in a timer started inside one, and in the handle form', async () => {
    const before = fake.sms.length;
    await expect(
      db.transaction(async (trx) => {
        await trx.transaction(async (inner) => recordThenTell(inner, '+233241110003'));
      }),
    ).rejects.toBeInstanceOf(CalledInTransactionError);

    await expect(
      db.transaction(
        (trx) =>
          new Promise<void>((resolve, reject) => {
            setTimeout(() => recordThenTell(trx, '+233241110004').then(resolve, reject), 5);
          }),
      ),
    ).rejects.toBeInstanceOf(CalledInTransactionError);

    const trx = await db.transaction();
    try {
      await expect(recordThenTell(trx, '+233241110005')).rejects.toBeInstanceOf(CalledInTransactionError);
    } finally {
      await trx.rollback();
    }
    expect(fake.sms.length).toBe(before);
  });

  it('Paystack is refused too (not reported as "unavailable, try later", which would hide it)', async () => {
    const payments = paystackProvider({ ...paystack, observer });
    const before = paystack.requests.length;
    await expect(
      db.transaction(async (trx) => {
        await trx('payments').count();
        return payments.verify('ref_planted_in_transaction');
      }),
    ).rejects.toBeInstanceOf(CalledInTransactionError);
    expect(paystack.requests.length).toBe(before);
    // Once the transaction is over the same call goes out.
    await expect(payments.verify('ref_planted_in_transaction')).resolves.toBeNull();
    expect(paystack.requests.length).toBe(before + 1);
  });

  it('after the transaction commits, the same context may call out again', async () => {
    let inside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (trx) => {
      await trx.raw('select 1');
      // Started inside, run after the commit: allowed, the transaction is over by then.
      inside = new Promise((resolve) => setTimeout(resolve, 50)).then(() => sms.deliver(message('+233241110006')));
    });
    await inside;
    expect(fake.sms.map((s) => s.recipients[0])).toContain('233241110006');
  });
});
