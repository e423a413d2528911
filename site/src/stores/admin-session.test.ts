import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapStorage } from './map-storage.test-helper.ts';
import { ADMIN_MESSAGES, listAdminUsers, setAdminUserStatus } from '../../../contract/admin.ts';
import {
  $adminCheck,
  $adminSession,
  adminCall,
  adminSignIn,
  adminSignOut,
  checkAdminSession,
  configureAdminSession,
} from './admin-session.ts';

// docs/PRODUCT.md "Administrators": admin guard, storage key adminToken, admin login, admin login failures.

let storage: MapStorage;
let calls: { url: string; method: string; authorization: string | null }[];

function fakeFetch(respond: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        authorization: new Headers(init?.headers).get('Authorization'),
      });
      return respond(String(input));
    }),
  );
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const stats = { totalUsers: 3, history: [] };

beforeEach(() => {
  storage = new MapStorage();
  calls = [];
  configureAdminSession({ storage });
  $adminSession.set({ status: 'unknown', token: null });
});
afterEach(() => {
  cleanStores($adminSession);
  configureAdminSession({ storage: null });
  vi.unstubAllGlobals();
});

describe('$adminCheck: the guard watches it', () => {
  it('checks the stored token when first watched, not before, and holds the answer', async () => {
    storage.setItem('adminToken', 'adm-1');
    fakeFetch(() => json(200, { success: true, stats }));
    expect(calls).toEqual([]);
    const unwatch = $adminCheck.listen(() => undefined);
    await vi.waitFor(() => expect($adminCheck.value).toEqual({ result: 'ok', stats }));
    expect(calls).toEqual([{ url: '/api/admin/stats', method: 'GET', authorization: 'Bearer adm-1' }]);
    unwatch();
    cleanStores($adminCheck);
  });
});

describe('checkAdminSession: the admin guard', () => {
  it('"with no adminToken, go to /admin/login": nothing is asked', async () => {
    fakeFetch(() => json(200, { stats }));
    expect(await checkAdminSession()).toEqual({ result: 'missing' });
    expect(calls).toEqual([]);
    expect($adminSession.get().status).toBe('signed-out');
  });

  it('"the token is checked with a call": GET /api/admin/stats with the bearer token; ok hands back the stats', async () => {
    storage.setItem('adminToken', 'adm-1');
    fakeFetch(() => json(200, { success: true, stats }));
    expect(await checkAdminSession()).toEqual({ result: 'ok', stats });
    expect(calls).toEqual([{ url: '/api/admin/stats', method: 'GET', authorization: 'Bearer adm-1' }]);
    expect($adminSession.get()).toEqual({ status: 'signed-in', token: 'adm-1' });
  });

  it('a token the server says is gone (signed_out) is removed', async () => {
    storage.setItem('adminToken', 'adm-old');
    fakeFetch(() => json(401, { success: false, code: 'signed_out', message: 'Admin session expired' }));
    expect(await checkAdminSession()).toEqual({ result: 'refused' });
    expect(storage.getItem('adminToken')).toBeNull();
  });

  it('"On a network error, redirect without removing the token"', async () => {
    storage.setItem('adminToken', 'adm-kept');
    fakeFetch(offline);
    expect(await checkAdminSession()).toEqual({ result: 'unreachable' });
    expect(storage.getItem('adminToken')).toBe('adm-kept');
  });

  it('too many requests (429) is not the token’s fault: it is kept', async () => {
    storage.setItem('adminToken', 'adm-kept');
    fakeFetch(() => json(429, { success: false, code: 'rate_limited', message: 'Too many requests.' }));
    expect(await checkAdminSession()).toEqual({ result: 'unreachable' });
    expect(storage.getItem('adminToken')).toBe('adm-kept');
  });

  it('a 5xx is the server being unwell, not a refusal: the token is kept', async () => {
    storage.setItem('adminToken', 'adm-kept');
    fakeFetch(() => json(503, { success: false, message: 'Service unavailable' }));
    expect(await checkAdminSession()).toEqual({ result: 'unreachable' });
    expect(storage.getItem('adminToken')).toBe('adm-kept');
  });
});

describe('adminSignIn', () => {
  it('"username and password required": nothing is sent with an empty field', async () => {
    fakeFetch(() => json(200, {}));
    expect(await adminSignIn('  ', 'x')).toEqual({ kind: 'failed', message: ADMIN_MESSAGES.loginRequired });
    expect(await adminSignIn('admin', '')).toEqual({ kind: 'failed', message: ADMIN_MESSAGES.loginRequired });
    expect(calls).toEqual([]);
  });

  it('"on success stores the token"', async () => {
    fakeFetch(() =>
      json(200, { success: true, message: 'Welcome', token: 'adm-new', admin: { id: 1, username: 'admin' } }),
    );
    expect(await adminSignIn(' admin ', 'secret-pass')).toEqual({ kind: 'success' });
    expect(storage.getItem('adminToken')).toBe('adm-new');
    expect($adminSession.get()).toEqual({ status: 'signed-in', token: 'adm-new' });
  });

  it('"Login failure: server message, or \'Invalid credentials\'"', async () => {
    fakeFetch(() => json(401, { success: false, code: 'wrong_credentials', message: 'Invalid credentials' }));
    expect(await adminSignIn('admin', 'wrong')).toEqual({ kind: 'failed', message: 'Invalid credentials' });
    fakeFetch(() => json(429, { success: false, message: ADMIN_MESSAGES.throttled }));
    expect(await adminSignIn('admin', 'wrong')).toEqual({ kind: 'failed', message: ADMIN_MESSAGES.throttled });
    expect(storage.getItem('adminToken')).toBeNull();
  });

  it('"Network failure: \'Unable to connect to server. Please try again.\'"', async () => {
    fakeFetch(offline);
    expect(await adminSignIn('admin', 'secret')).toEqual({
      kind: 'network',
      message: 'Unable to connect to server. Please try again.',
    });
  });
});

describe('adminSignOut and adminCall', () => {
  it('Logout calls POST /api/admin/logout, then removes the token', async () => {
    storage.setItem('adminToken', 'adm-1');
    fakeFetch(() => json(200, { success: true }));
    await adminSignOut();
    expect(calls).toEqual([{ url: '/api/admin/logout', method: 'POST', authorization: 'Bearer adm-1' }]);
    expect(storage.getItem('adminToken')).toBeNull();
    expect($adminSession.get()).toEqual({ status: 'logged-out', token: null });
  });

  it('offline, Logout still removes the token from this device', async () => {
    storage.setItem('adminToken', 'adm-1');
    fakeFetch(offline);
    await adminSignOut();
    expect(storage.getItem('adminToken')).toBeNull();
  });

  it('a call refused with 401 ends the session (expired mid-use); other errors leave it', async () => {
    storage.setItem('adminToken', 'adm-1');
    $adminSession.set({ status: 'signed-in', token: 'adm-1' });
    fakeFetch(() => json(409, { success: false, message: 'This account is already suspended.' }));
    await expect(adminCall(setAdminUserStatus, { params: { id: 1 }, body: { status: 'suspended' } })).rejects.toThrow(
      'already suspended',
    );
    expect($adminSession.get().status).toBe('signed-in');
    fakeFetch(() => json(401, { success: false, code: 'signed_out', message: 'Admin session expired' }));
    await expect(adminCall(listAdminUsers, {})).rejects.toThrow();
    expect($adminSession.get().status).toBe('signed-out');
    expect(storage.getItem('adminToken')).toBeNull();
  });
});
