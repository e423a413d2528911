import { describe, expect, it, vi } from 'vitest';
import { checkPaymentPreconditions } from './payment.ts';
import { PAYMENT_MESSAGES } from '../../../contract/payments.ts';

const ok = {
  provider: 'paystack' as const,
  key: 'pk_test_abc',
  email: 'ama@example.com',
  amount: 1000,
  onSuccess: () => {},
  onClose: () => {},
};

describe('checkPaymentPreconditions', () => {
  it('passes and rounds the amount to whole pesewas', () => {
    expect(checkPaymentPreconditions(ok)).toBe(1000);
    expect(checkPaymentPreconditions({ ...ok, amount: 2699.6 })).toBe(2700);
  });

  it('requires a public key for Paystack only', () => {
    expect(() => checkPaymentPreconditions({ ...ok, key: null })).toThrow(PAYMENT_MESSAGES.publicKeyRequired);
    expect(() => checkPaymentPreconditions({ ...ok, key: '' })).toThrow('Paystack public key is required');
    expect(checkPaymentPreconditions({ ...ok, provider: 'sandbox', key: null })).toBe(1000);
  });

  it('requires an email', () => {
    expect(() => checkPaymentPreconditions({ ...ok, email: '' })).toThrow('Email is required for payment');
  });

  it('requires an amount above 0 after rounding', () => {
    for (const amount of [0, 0.4, -5, Number.NaN, undefined, null]) {
      expect(() => checkPaymentPreconditions({ ...ok, amount })).toThrow('Valid payment amount is required');
    }
  });

  it('requires both callbacks to be functions', () => {
    expect(() => checkPaymentPreconditions({ ...ok, onSuccess: 'x' })).toThrow(
      'Payment callback must be a valid function',
    );
    expect(() => checkPaymentPreconditions({ ...ok, onClose: undefined })).toThrow(
      'Payment onClose must be a valid function',
    );
  });

  it('checks in order: key before email before amount', () => {
    expect(() => checkPaymentPreconditions({ ...ok, key: null, email: '', amount: 0 })).toThrow(
      PAYMENT_MESSAGES.publicKeyRequired,
    );
    expect(() => checkPaymentPreconditions({ ...ok, email: '', amount: 0 })).toThrow(PAYMENT_MESSAGES.emailRequired);
  });
});

describe('paymentSystemMessage (UI messages)', () => {
  it("says wait when the script is slow, refresh when it came broken, and never the loader's own words", async () => {
    const { paymentSystemMessage } = await import('./payment.ts');
    expect(paymentSystemMessage(new Error(PAYMENT_MESSAGES.scriptTimeout))).toBe(
      'Payment system not ready. Please wait and try again.',
    );
    expect(paymentSystemMessage(new Error(PAYMENT_MESSAGES.sdkMissing))).toBe(
      'Payment system not available. Please refresh and try again.',
    );
    expect(paymentSystemMessage(new Error(PAYMENT_MESSAGES.scriptLoadFailed))).toBe(
      'Failed to load payment system. Please refresh and try again.',
    );
  });
});

describe('payForIntent with Paystack', () => {
  it('opens the v2 pop-up after 100 ms with the intent and settles on success or cancel', async () => {
    const { payForIntent } = await import('./payment.ts');
    const calls: Record<string, unknown>[] = [];
    class FakePop {
      newTransaction(options: Record<string, unknown>) {
        calls.push(options);
      }
    }
    const g = globalThis as Record<string, unknown>;
    g.window = { PaystackPop: FakePop, setTimeout, clearTimeout };
    g.document = {};
    try {
      const intent = {
        provider: 'paystack' as const,
        publicKey: 'pk_test_abc',
        reference: 'SEPC1732262400000AB12CD42',
        email: 'ama@example.com',
        amount: 10,
        amountKobo: 1000,
        months: 1 as const,
        currency: 'GHS' as const,
        channels: ['card', 'mobile_money'],
        metadata: {
          subscription_type: 'customer' as const,
          user_id: '42',
          plan_duration: 'monthly' as const,
          full_name: 'Ama Mensah',
          phone: '+233241234567',
          amount_ghs: 10,
          payment_methods: 'card,mobile_money',
        },
      };
      const paid = payForIntent(intent);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      const options = calls[0]!;
      expect(options).toMatchObject({
        key: 'pk_test_abc',
        email: 'ama@example.com',
        amount: 1000,
        currency: 'GHS',
        reference: intent.reference,
      });
      (options.onSuccess as (r: unknown) => void)({ reference: intent.reference });
      await expect(paid).resolves.toEqual({ status: 'success', reference: intent.reference });

      const cancelled = payForIntent(intent);
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      (calls[1]!.onCancel as () => void)();
      await expect(cancelled).resolves.toEqual({ status: 'cancelled' });
    } finally {
      delete g.window;
      delete g.document;
    }
  });
});

describe('verifyAndComplete', () => {
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('verifies, then completes the registration', async () => {
    const { verifyAndComplete } = await import('./payment.ts');
    const calls: [string, unknown][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push([url, JSON.parse(String(init.body))]);
      return url.endsWith('verify-payment')
        ? reply(200, { success: true, message: 'Verified' })
        : reply(200, { success: true, message: 'Done', autoLogin: true, token: 't', user: { id: 1 } });
    });
    try {
      await expect(verifyAndComplete(1, 'SEPC1', 'one-time-secret')).resolves.toMatchObject({
        autoLogin: true,
        token: 't',
      });
      expect(calls).toEqual([
        ['/api/verify-payment', { reference: 'SEPC1' }],
        [
          '/api/complete-registration',
          {
            userId: 1,
            paymentReference: 'SEPC1',
            paymentData: { reference: 'SEPC1', status: 'success' },
            completionSecret: 'one-time-secret',
          },
        ],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a refused verification throws the refusal message and completes nothing', async () => {
    const { verifyAndComplete } = await import('./payment.ts');
    const urls: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return reply(400, { success: false, message: PAYMENT_MESSAGES.verifyFailed });
    });
    try {
      await expect(verifyAndComplete(1, 'SEPC1')).rejects.toThrow('Failed to verify payment. Please contact support.');
      expect(urls).toEqual(['/api/verify-payment']);
      vi.stubGlobal('fetch', async () => {
        throw new TypeError('Failed to fetch');
      });
      await expect(verifyAndComplete(1, 'SEPC1')).rejects.toThrow(PAYMENT_MESSAGES.verifyFailed);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a failed completion after a verified payment is logged and reported honestly with the reference', async () => {
    const { verifyAndComplete, RegistrationNotCompletedError } = await import('./payment.ts');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('verify-payment')
        ? reply(200, { success: true, message: 'ok' })
        : reply(500, { success: false, message: 'db down' }),
    );
    try {
      const error = await verifyAndComplete(1, 'SEPC1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RegistrationNotCompletedError);
      expect((error as Error).message).toContain('reference SEPC1');
      expect((error as Error).message).not.toMatch(/success/i);
      expect(log).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
