import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../../contract/dates.ts';
import { bearer, paySandbox, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, TEST_START, type TestApp, useTestApp } from '../../../test/harness.ts';

// Renewals of one account that settle at the same moment each add their months
// to the period, none lost (on PostgreSQL two settlements used to read the same period end;
// PGlite runs one transaction at a time, so this bites only there: CI runs it on both).
describe('renewals of one account settling at once', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('10 paid one-month renewals settled concurrently buy 10 months', async () => {
    app.clock.set(TEST_START);
    const customer = await signUpAndPay(app);
    const first = await app.db('subscriptions').where({ user_id: customer.userId }).first('period_end');
    const references: string[] = [];
    for (let i = 0; i < 10; i++) {
      const renewal = await app.request('/api/subscription/renew', {
        method: 'POST',
        headers: bearer(customer.token),
        json: {},
      });
      expect(renewal.status).toBe(200);
      expect((await paySandbox(app, renewal.body.payment)).status).toBe(200);
      references.push(renewal.body.payment.reference);
    }

    const settled = await Promise.all(
      references.map((reference) => app.request('/api/verify-payment', { method: 'POST', json: { reference } })),
    );
    expect(settled.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    const periods = await app
      .db('subscriptions')
      .where({ user_id: customer.userId })
      .orderBy('period_end')
      .select('period_start', 'period_end');
    expect(periods).toHaveLength(11);
    const expectedEnd = addMonths(new Date(first!.period_end), 10);
    expect(new Date(periods.at(-1)!.period_end).toISOString()).toBe(expectedEnd.toISOString());
    // Back to back: each month starts where the one before it ends.
    for (let i = 1; i < periods.length; i++)
      expect(new Date(periods[i].period_start).toISOString()).toBe(new Date(periods[i - 1].period_end).toISOString());
  });
});
