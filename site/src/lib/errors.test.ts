import { describe, expect, it } from 'vitest';
import { classifyError, ERROR_SCREEN_MESSAGES } from './errors.ts';
import { ApiError, NetworkError, TimeoutError } from './api.ts';

describe('classifyError', () => {
  it.each([
    [new TypeError('Failed to fetch'), 'network'],
    [new Error('NetworkError when attempting to fetch resource.'), 'network'],
    [new Error('Request timeout'), 'network'],
    [new DOMException('The operation was aborted.', 'AbortError'), 'network'],
    [new NetworkError(), 'network'],
    [new TimeoutError(), 'network'],
    [new Error('REQUEST_DENIED: billing not enabled'), 'location'],
    [new Error('The provided API key is invalid'), 'location'],
    [new Error('401 Unauthorized'), 'auth'],
    [new Error('Forbidden'), 'auth'],
    [new ApiError(403, 'Admin access required', null), 'auth'],
    [new Error('HTTP 503'), 'server'],
    [new ApiError(502, 'Bad gateway', null), 'server'],
    [new Error('Cannot read properties of undefined'), 'unknown'],
    ['plain string 500', 'server'],
    [null, 'unknown'],
    [{ message: 'failed to fetch' }, 'network'],
  ] as const)('%s → %s', (error, kind) => {
    const result = classifyError(error);
    expect(result.kind).toBe(kind);
    expect(result.message).toBe(ERROR_SCREEN_MESSAGES[kind]);
  });

  it('uses the five spec messages exactly', () => {
    expect(classifyError(new Error('Failed to fetch')).message).toBe(
      'Please check your internet connection and try again.',
    );
    expect(classifyError(new Error('billing')).message).toBe(
      'Location services are temporarily unavailable. Using default location.',
    );
    expect(classifyError(new Error('unauthorized')).message).toBe('Please log in again to continue.');
    expect(classifyError(new Error('504')).message).toBe(
      'Service temporarily unavailable. Please try again in a moment.',
    );
    expect(classifyError(new Error('boom')).message).toBe('Something went wrong. Please try again.');
  });

  it('classifies an API refusal by its code, never by the words of its message', () => {
    const refusal = (status: number, code: string, message: string) =>
      new ApiError(status, message, { success: false, code, message });
    expect(classifyError(refusal(401, 'signed_out', 'Your session has ended.')).kind).toBe('auth');
    expect(classifyError(refusal(403, 'forbidden', 'This booking is not yours.')).kind).toBe('auth');
    expect(classifyError(refusal(503, 'unavailable', 'Try again soon.')).kind).toBe('server');
    expect(classifyError(refusal(500, 'server_error', 'Something broke.')).kind).toBe('server');
    // Words that would read as a network fault or a sign-in problem do not decide a coded refusal.
    expect(classifyError(refusal(404, 'not_found', 'Network of professionals not found.')).kind).toBe('unknown');
    expect(classifyError(refusal(400, 'invalid_input', 'Forbidden characters in the name.')).kind).toBe('unknown');
  });

  it('follows the order of the rules: a network word wins over a status', () => {
    expect(classifyError(new ApiError(500, 'upstream timeout', null)).kind).toBe('network');
  });
});
