import { describe, expect, it } from 'vitest';
import { isRefusal, isSignedOut, isUnreadableAnswer, refusalCode } from './refusals.ts';

/** A failed call as the browser's ApiError or the API's HttpError carries it. */
const failed = (status: number, code?: string) => Object.assign(new Error('words'), { status, code });

describe('refusals are decided by their code', () => {
  it('a refusal is a code that is not a fault, whatever its status', () => {
    expect(isRefusal(failed(409, 'conflict'))).toBe(true);
    expect(isRefusal(failed(410, 'gone'))).toBe(true);
    expect(isRefusal(failed(502, 'payment_failed'))).toBe(true);
    // A fault is not the person's to fix, even under a 4xx status.
    expect(isRefusal(failed(429, 'busy'))).toBe(false);
    expect(isRefusal(failed(503, 'unavailable'))).toBe(false);
  });

  it('only an answer with no code at all falls back on its status (a proxy’s page)', () => {
    expect(isRefusal(failed(404))).toBe(true);
    expect(isRefusal(failed(502))).toBe(false);
    expect(isRefusal(new Error('Failed to fetch'))).toBe(false);
    expect(refusalCode(failed(400, 'not_a_code'))).toBeUndefined();
  });

  it('signed out is its two codes, not a 401 (a wrong password is one too)', () => {
    expect(isSignedOut(failed(401, 'signed_out'))).toBe(true);
    expect(isSignedOut(failed(401, 'not_signed_in'))).toBe(true);
    expect(isSignedOut(failed(401, 'wrong_credentials'))).toBe(false);
  });

  it('an unreadable success is no refusal', () => {
    expect(isUnreadableAnswer(failed(200))).toBe(true);
    expect(isUnreadableAnswer(failed(400, 'invalid_input'))).toBe(false);
  });
});
