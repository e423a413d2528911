import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, TimeoutError } from '../../lib/api.ts';
import {
  $affiliate,
  $affiliateForm,
  affiliateFailureMessage,
  requiredFilled,
  resetAffiliate,
  submitAffiliate,
  updateAffiliateField,
} from './store.ts';
import type { AffiliateForm, AffiliateSignupResponse } from './store.ts';

const filled: AffiliateForm = {
  firstName: 'Yaw',
  lastName: 'Asante',
  email: 'yaw@example.com',
  phone: '0241234567',
  password: 'GoodPass123',
  location: 'Tamale',
  payoutMethod: 'mobile-money',
  bankAccount: '',
  momoNumber: '0551234987',
  momoNetwork: 'MTN',
  description: '',
  agreeToTerms: true,
};

const answer: AffiliateSignupResponse = {
  success: true,
  message: 'Welcome',
  autoLogin: true,
  token: 't',
  user: {
    id: 7,
    email: 'yaw@example.com',
    phone: '+233241234567',
    firstName: 'Yaw',
    lastName: 'Asante',
    userType: 'affiliate',
    status: 'active',
    location: 'Tamale',
    createdAt: '2026-11-22T00:00:00Z',
  },
  affiliate: { referrerCode: 'SEAFFAB12CD' },
};

beforeEach(() => {
  resetAffiliate();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('requiredFilled', () => {
  it('needs every required field, the payout detail for the chosen method, and the terms', () => {
    expect(requiredFilled(filled)).toBe(true);
    expect(requiredFilled({ ...filled, agreeToTerms: false })).toBe(false);
    expect(requiredFilled({ ...filled, location: '' })).toBe(false);
    expect(requiredFilled({ ...filled, momoNumber: ' ' })).toBe(false);
    expect(requiredFilled({ ...filled, payoutMethod: 'bank-account' })).toBe(false);
    expect(requiredFilled({ ...filled, payoutMethod: 'bank-account', bankAccount: 'GCB 123' })).toBe(true);
    expect(requiredFilled({ ...filled, payoutMethod: '' })).toBe(false);
  });
});

describe('the mobile money number', () => {
  it('starts as the phone number, follows it until typed over, and stays editable', () => {
    updateAffiliateField('phone', '0241234567');
    updateAffiliateField('payoutMethod', 'mobile-money');
    expect($affiliateForm.get().momoNumber).toBe('0241234567');
    updateAffiliateField('phone', '0241234568');
    expect($affiliateForm.get().momoNumber).toBe('0241234568');
    updateAffiliateField('momoNumber', '0551234987');
    updateAffiliateField('phone', '0241234569');
    expect($affiliateForm.get().momoNumber).toBe('0551234987');
  });

  it('is not filled in for a bank payout', () => {
    updateAffiliateField('phone', '0241234567');
    updateAffiliateField('payoutMethod', 'bank-account');
    expect($affiliateForm.get().momoNumber).toBe('');
  });
});

describe('affiliateFailureMessage', () => {
  it('answers by code', () => {
    expect(affiliateFailureMessage(new ApiError(404, 'x', { code: 'not_found' }))).toMatch(
      /^API endpoint not found\. The affiliate signup service may be temporarily unavailable/,
    );
    expect(affiliateFailureMessage(new ApiError(500, 'x', { code: 'server_error' }))).toBe(
      'Server error occurred during signup. Please try again in a few moments.',
    );
    expect(affiliateFailureMessage(new ApiError(409, 'x', { code: 'already_exists', message: 'Email taken' }))).toBe(
      'Email taken',
    );
    expect(affiliateFailureMessage(new ApiError(400, 'x', { code: 'invalid_input' }))).toBe(
      'Invalid signup data. Please check your information and try again.',
    );
    expect(affiliateFailureMessage(new ApiError(503, 'Request failed with status 503', null))).toBe(
      'Signup failed (503): Request failed with status 503. Please try again.',
    );
    expect(affiliateFailureMessage(new ApiError(200, 'unreadable', null))).toBe(
      'Server response error. Please try again in a moment.',
    );
    expect(affiliateFailureMessage(new NetworkError())).toMatch(/^Network error after 3 attempts/);
  });
});

describe('submitAffiliate', () => {
  it('shows the first problem in the order of checks and sends nothing', async () => {
    $affiliateForm.set({ ...filled, email: 'bad', phone: '123' });
    const post = vi.fn();
    await submitAffiliate({ post, wait: async () => {} });
    expect($affiliate.get().alert).toBe('Please enter a valid email address');
    expect(post).not.toHaveBeenCalled();
  });

  it('tries 3 times on network failures, waiting 1 s then 2 s, then goes to the welcome step', async () => {
    $affiliateForm.set(filled);
    const waits: number[] = [];
    const post = vi
      .fn<(body: unknown) => Promise<AffiliateSignupResponse>>()
      .mockRejectedValueOnce(new NetworkError())
      .mockRejectedValueOnce(new TimeoutError())
      .mockResolvedValueOnce(answer);
    await submitAffiliate({ post, wait: async (ms) => void waits.push(ms) });
    expect(post).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
    expect($affiliate.get()).toMatchObject({ step: 2, referrerCode: 'SEAFFAB12CD', busy: false, alert: '' });
    expect(post.mock.calls[0]![0]).toMatchObject({
      agreeToTerms: true,
      payoutMethod: 'mobile-money',
      momoNumber: '0551234987',
    });
  });

  it('gives up after 3 network failures and keeps the form', async () => {
    $affiliateForm.set(filled);
    const post = vi.fn().mockRejectedValue(new NetworkError());
    await submitAffiliate({ post, wait: async () => {} });
    expect(post).toHaveBeenCalledTimes(3);
    expect($affiliate.get().alert).toBe(
      'Network error after 3 attempts. Please check your internet connection and try again.',
    );
    expect($affiliateForm.get()).toEqual(filled);
  });

  it('does not retry a server answer, and falls back to SEAFF0000 without a code', async () => {
    $affiliateForm.set(filled);
    const refused = vi.fn().mockRejectedValue(new ApiError(500, 'x', null));
    await submitAffiliate({ post: refused, wait: async () => {} });
    expect(refused).toHaveBeenCalledTimes(1);
    await submitAffiliate({ post: async () => ({ ...answer, affiliate: {} }), wait: async () => {} });
    expect($affiliate.get().referrerCode).toBe('SEAFF0000');
  });
});
