import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM } from './store.ts';
import { isBusy, paymentStatus, signupFieldProps, stepProgress, stepTitle } from './steps.ts';

describe('sign-up wizard steps', () => {
  it('marks the step on screen as current and the ones before it as done', () => {
    expect(stepProgress(2)).toEqual([
      { name: 'Plan', number: 1, current: false, done: true },
      { name: 'Account', number: 2, current: true, done: false },
      { name: 'Profile', number: 3, current: false, done: false },
    ]);
    expect(stepTitle(3)).toBe('Profile details');
  });

  it('is busy, and says so, only while the account is created or paid for', () => {
    expect(isBusy({ name: 'editing' })).toBe(false);
    expect(isBusy({ name: 'failed', message: 'no' })).toBe(false);
    expect(isBusy({ name: 'submitting' })).toBe(true);
    expect(paymentStatus({ name: 'submitting' })).toBe('');
    expect(paymentStatus({ name: 'paying' })).toBe('Waiting for payment...');
    expect(paymentStatus({ name: 'verifying' })).toBe('Verifying payment...');
  });

  it('describes a field by its hint, then its error, and marks it invalid only when it has one', () => {
    const update = vi.fn();
    const form = { ...EMPTY_FORM, phone: '024' };
    const plain = signupFieldProps('phone', form, {}, update);
    expect(plain).toMatchObject({ id: 'su-phone', name: 'phone', defaultValue: '024' });
    expect(plain['aria-invalid']).toBeUndefined();
    expect(plain['aria-describedby']).toBeUndefined();
    const wrong = signupFieldProps('phone', form, { phone: 'Not a phone number' }, update, true);
    expect(wrong['aria-invalid']).toBe(true);
    expect(wrong['aria-describedby']).toBe('su-phone-hint su-phone-error');
    wrong.onChange({ target: { value: '0241' } } as never);
    expect(update).toHaveBeenCalledWith('phone', '0241');
  });
});
