import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  actionErrorMessage,
  ApiError,
  apiBlob,
  apiFetch,
  CONNECTION_MESSAGES,
  dashboardLoadErrorMessage,
  isRefusal,
  isSignedOut,
  logUnexpected,
  MissingEmailError,
  NetworkError,
  retryDelay,
  shouldRetry,
  TimeoutError,
  userDataPath,
  withRetry,
} from './api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers from a list, one response (or thrown error) per call. */
function fakeFetch(...answers: (Response | Error)[]) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
}

/** A fetch that never answers until its signal aborts (like a stalled 3G connection). */
function hangingFetch() {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiFetch', () => {
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    const fetch = fakeFetch(json(201, { success: true, reference: 'CT-1' }));
    vi.stubGlobal('fetch', fetch);
    const data = await apiFetch('/api/contact', { body: { name: 'Ama' }, token: 'tok' });
    expect(data).toEqual({ success: true, reference: 'CT-1' });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Ama"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
  });

  it('sends a file as its own bytes with its type and extra headers, and reads the JSON answer', async () => {
    const fetch = fakeFetch(json(200, { success: true, message: 'Document uploaded.' }));
    vi.stubGlobal('fetch', fetch);
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const data = await apiFetch('/api/professional/documents/ghana-card', {
      method: 'PUT',
      file,
      headers: { 'X-File-Name': 'card.png' },
      token: 'tok',
    });
    expect(data).toEqual({ success: true, message: 'Document uploaded.' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(file);
    expect(init.headers).toEqual({
      'X-File-Name': 'card.png',
      Accept: 'application/json',
      'Content-Type': 'image/png',
      Authorization: 'Bearer tok',
    });
  });

  it('uses GET without a body and sends no token when there is none', async () => {
    const fetch = fakeFetch(json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetch);
    await apiFetch('/api/health');
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws ApiError with the server message, status and body for non-2xx', async () => {
    const body = { success: false, message: 'Email is invalid', errors: [{ field: 'email', message: 'bad' }] };
    vi.stubGlobal('fetch', fakeFetch(json(400, body)));
    const error = await apiFetch('/api/contact', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Email is invalid', body });
    expect((error as ApiError).fieldErrors).toEqual([{ field: 'email', message: 'bad' }]);
  });

  it('says in plain words what happened when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', fakeFetch(new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 502,
      message: CONNECTION_MESSAGES.serverFault,
      body: null,
    });
    vi.stubGlobal('fetch', fakeFetch(new Response('', { status: 413 })));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 413, message: CONNECTION_MESSAGES.refused });
  });

  it('rejects an unreadable 2xx body', async () => {
    vi.stubGlobal('fetch', fakeFetch(new Response('not json', { status: 200 })));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 200,
      message: 'Server response error. Please try again in a moment.',
    });
  });

  it('returns null for an empty 2xx body', async () => {
    vi.stubGlobal('fetch', fakeFetch(new Response(null, { status: 204 })));
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('throws NetworkError when the server is unreachable', async () => {
    vi.stubGlobal('fetch', fakeFetch(new TypeError('Failed to fetch')));
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    // What a screen shows from it says what happened and what to do, never "Failed to fetch".
    expect((error as Error).message).toBe(CONNECTION_MESSAGES.offline);
    expect(actionErrorMessage(error, 'fallback')).toBe(CONNECTION_MESSAGES.offline);
  });

  it('throws TimeoutError after 10 s by default', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const result = apiFetch('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(TimeoutError);
  });

  it('honours a custom time-out and the caller abort signal', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const short = apiFetch('/api/x', { timeoutMs: 500 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await short).toBeInstanceOf(TimeoutError);

    const controller = new AbortController();
    const aborted = apiFetch('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await aborted;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('Request aborted');
  });
});

describe('isRefusal and isSignedOut: decided by the code', () => {
  it('a refusal of the request is any code but a fault; a fault, a lost connection or a time-out is not', () => {
    expect(isRefusal(new ApiError(429, 'x', { code: 'rate_limited' }))).toBe(true);
    expect(isRefusal(new ApiError(502, 'x', { code: 'payment_failed' }))).toBe(true);
    expect(isRefusal(new ApiError(429, 'x', { code: 'busy' }))).toBe(false);
    expect(isRefusal(new ApiError(503, 'x', { code: 'unavailable' }))).toBe(false);
    expect(isRefusal(new NetworkError())).toBe(false);
    expect(isRefusal(new TimeoutError())).toBe(false);
  });

  it('an answer without a code (a proxy’s page) falls back to its status', () => {
    expect(isRefusal(new ApiError(404, 'x', null))).toBe(true);
    expect(isRefusal(new ApiError(502, 'x', '<html>'))).toBe(false);
    expect(isRefusal(new ApiError(200, 'unreadable', null))).toBe(false);
  });

  it('only the codes of a gone session mean signed out: a 401 for a wrong password does not', () => {
    expect(isSignedOut(new ApiError(401, 'x', { code: 'signed_out' }))).toBe(true);
    expect(isSignedOut(new ApiError(401, 'x', { code: 'not_signed_in' }))).toBe(true);
    expect(isSignedOut(new ApiError(401, 'x', { code: 'wrong_credentials' }))).toBe(false);
    expect(isSignedOut(new ApiError(429, 'x', { code: 'rate_limited' }))).toBe(false);
    expect(isSignedOut(new ApiError(401, 'x', null))).toBe(false);
  });
});

describe('retry policy', () => {
  it('never retries a 4xx, including 401 and 403', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'x', null))).toBe(false);
    }
  });

  it('retries other failures up to 2 times', () => {
    for (const error of [
      new ApiError(500, 'x', null),
      new ApiError(503, 'x', null),
      new NetworkError(),
      new TimeoutError(),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('doubles the delay from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('withRetry makes 3 attempts in all, waiting 1 s then 2 s', async () => {
    vi.useFakeTimers();
    const attempt = vi.fn(async () => {
      throw new ApiError(503, 'down', null);
    });
    const result = withRetry(attempt).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ status: 503 });
  });

  it('withRetry gives up at once on a 4xx and succeeds after a transient failure', async () => {
    vi.useFakeTimers();
    const denied = vi.fn(async () => {
      throw new ApiError(401, 'no', null);
    });
    await expect(withRetry(denied)).rejects.toMatchObject({ status: 401 });
    expect(denied).toHaveBeenCalledTimes(1);

    let calls = 0;
    const flaky = withRetry(async () => {
      calls++;
      if (calls === 1) throw new NetworkError();
      return 'ok';
    });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(flaky).resolves.toBe('ok');
    expect(calls).toBe(2);
  });

  it('withRetry stops waiting when the caller aborts', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const attempt = vi.fn(async () => {
      throw new NetworkError();
    });
    const result = withRetry(attempt, controller.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await result).toBeInstanceOf(TimeoutError);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('logUnexpected', () => {
  it('writes only what the page did not expect: an answer, a lost connection or a time-out is told in words instead', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logUnexpected('Sign-up failed', new ApiError(400, 'We could not find that referrer code.', null));
      logUnexpected('Sign-up failed', new NetworkError());
      logUnexpected('Sign-up failed', new TimeoutError());
      expect(log).not.toHaveBeenCalled();
      const bug = new TypeError('x is undefined');
      logUnexpected('Sign-up failed', bug);
      expect(log).toHaveBeenCalledWith('Sign-up failed', bug);
    } finally {
      log.mockRestore();
    }
  });
});

describe('dashboardLoadErrorMessage', () => {
  it('maps each failure to its message', () => {
    expect(dashboardLoadErrorMessage(new MissingEmailError())).toBe('Email is required');
    expect(dashboardLoadErrorMessage(new NetworkError())).toBe(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
    expect(dashboardLoadErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
    expect(dashboardLoadErrorMessage(new TimeoutError())).toBe(
      'Request timed out. Please check your connection and try again.',
    );
    expect(dashboardLoadErrorMessage(new DOMException('aborted', 'AbortError'))).toBe(
      'Request timed out. Please check your connection and try again.',
    );
    expect(dashboardLoadErrorMessage(new ApiError(404, 'Not found', { code: 'not_found', message: 'Not found' }))).toBe(
      'User data not found. Please try logging in again.',
    );
    expect(
      dashboardLoadErrorMessage(new ApiError(500, 'Database down', { success: false, message: 'Database down' })),
    ).toBe('Database down');
  });

  it('falls back when the server sent no message', () => {
    expect(dashboardLoadErrorMessage(new ApiError(500, 'x', null))).toBe(
      'We could not load your dashboard. Please try again in a moment.',
    );
    expect(dashboardLoadErrorMessage(new TypeError('x is undefined'))).toBe(
      'We could not load your dashboard. Please try again in a moment.',
    );
    expect(dashboardLoadErrorMessage(new ApiError(500, 'x', null), { affiliate: true })).toBe(
      'We could not load your affiliate data. Please try again in a moment.',
    );
  });

  it('userDataPath encodes the email and requires one', () => {
    expect(userDataPath('customer', 'ama+1@example.com')).toBe('/api/customer-data/ama%2B1%40example.com');
    expect(() => userDataPath('affiliate', '')).toThrow(MissingEmailError);
    expect(
      dashboardLoadErrorMessage(
        (() => {
          try {
            userDataPath('professional', null);
          } catch (e) {
            return e;
          }
        })(),
      ),
    ).toBe('Email is required');
  });
});

describe('apiBlob: a file behind a bearer token (a link cannot carry the header)', () => {
  it('sends the token and hands back the bytes with their type', async () => {
    const fetch = fakeFetch(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const blob = await apiBlob('/api/admin/documents/3/file', { token: 'adm-1' });
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe(4);
    expect(blob.name).toBe('');
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer adm-1');
  });

  it("names the file as the server's Content-Disposition does", async () => {
    const headers = {
      'Content-Type': 'application/json',
      'Content-Disposition': 'attachment; filename="my-data-2026-11-22.json"',
    };
    vi.stubGlobal('fetch', fakeFetch(new Response('{}', { status: 200, headers })));
    expect((await apiBlob('/api/me/export', { token: 'tok-1' })).name).toBe('my-data-2026-11-22.json');
  });

  it('a refusal is an ApiError with the server message; unreachable is a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(json(404, { success: false, message: 'Document not found.' }), new TypeError('Failed to fetch')),
    );
    await expect(apiBlob('/api/admin/documents/9/file')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'Document not found.',
    });
    await expect(apiBlob('/api/admin/documents/9/file')).rejects.toBeInstanceOf(NetworkError);
  });
});
