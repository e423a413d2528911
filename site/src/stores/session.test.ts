import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapStorage } from './map-storage.test-helper.ts';
import type { SessionUser } from '../../../contract/accounts.ts';
import {
  $session,
  $user,
  configureSession,
  getPendingUserId,
  mergeUser,
  onAccount,
  restoreSession,
  savedEmail,
  setPendingUserId,
  signIn,
  signOut,
} from './session.ts';

const ama: SessionUser = {
  id: 7,
  email: 'ama@example.com',
  phone: '+233241234567',
  firstName: 'Ama',
  lastName: 'Mensah',
  userType: 'customer',
  status: 'active',
  location: 'Accra',
  createdAt: '2025-01-01T00:00:00.000Z',
};

interface Call {
  url: string;
  method: string;
  authorization: string | null;
}

let storage: MapStorage;
let calls: Call[];

/** A fake fetch answering every call with `respond`, recording what was asked. */
function fakeFetch(respond: (url: string) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, method: init?.method ?? 'GET', authorization: headers.get('Authorization') });
    return respond(url);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function store(token: string | null, user: unknown) {
  if (token !== null) storage.setItem('authToken', token);
  if (user !== undefined) storage.setItem('userData', typeof user === 'string' ? user : JSON.stringify(user));
}

beforeEach(() => {
  storage = new MapStorage();
  calls = [];
  configureSession({ storage });
  $session.set({ status: 'loading', user: null, token: null });
});

afterEach(() => {
  cleanStores($session, $user);
  configureSession({ storage: null });
  vi.unstubAllGlobals();
});

describe('restoreSession', () => {
  it('valid token: verifies with the server and signs in with the server’s user', async () => {
    store('tok-1', ama);
    const fresh = { ...ama, firstName: 'Amma' };
    fakeFetch(() => json(200, { success: true, user: fresh }));
    const done = restoreSession();
    expect($session.get()).toEqual({ status: 'verifying', user: null, token: 'tok-1' });
    await done;
    expect(calls).toEqual([{ url: '/api/auth/verify', method: 'POST', authorization: 'Bearer tok-1' }]);
    expect($session.get()).toEqual({ status: 'signed-in', user: fresh, token: 'tok-1' });
    expect($user.get()).toEqual(fresh);
    expect(JSON.parse(storage.getItem('userData') ?? '')).toEqual(fresh);
  });

  it('invalid token (401): clears token and user, signed out', async () => {
    store('tok-old', ama);
    storage.setItem('userEmail', 'ama@example.com');
    fakeFetch(() => json(401, { success: false, code: 'signed_out', message: 'Session expired' }));
    await restoreSession();
    expect($session.get()).toEqual({ status: 'signed-out', user: null, token: null });
    expect(storage.getItem('authToken')).toBeNull();
    expect(storage.getItem('userData')).toBeNull();
    expect(storage.getItem('userEmail')).toBe('ama@example.com'); // remember me survives an expiry
  });

  it('no token sent (not_signed_in) signs out too', async () => {
    store('tok', ama);
    fakeFetch(() => json(401, { success: false, code: 'not_signed_in', message: 'Please sign in to continue.' }));
    await restoreSession();
    expect($session.get().status).toBe('signed-out');
    expect(storage.getItem('authToken')).toBeNull();
  });

  it('too many requests (429) does not sign out: the stored user stays, checked again when back online', async () => {
    store('tok', ama);
    let limited = true;
    fakeFetch(() =>
      limited
        ? json(429, { success: false, code: 'rate_limited', message: 'Too many requests. Please wait a minute.' })
        : json(200, { success: true, user: { ...ama, firstName: 'Amma' } }),
    );
    // A page: reading the store restores the session and follows the window's online events.
    vi.stubGlobal('window', new EventTarget());
    const unbind = $session.listen(() => undefined);
    await restoreSession();
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok' });
    expect(storage.getItem('authToken')).toBe('tok');
    limited = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect($session.get().user?.firstName).toBe('Amma'));
    expect(calls).toHaveLength(2);
    unbind();
  });

  it('a refusal that is not about the session (a suspended affiliate, a 4xx without a code) keeps it', async () => {
    store('tok', ama);
    $session.set({ status: 'signed-in', user: ama, token: 'tok' });
    fakeFetch(() => json(403, { success: false, code: 'suspended', message: 'This account is suspended.' }));
    await restoreSession();
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok' });
    fakeFetch(() => json(401, { message: 'Unauthorized' }));
    await restoreSession();
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok' });
    expect(storage.getItem('authToken')).toBe('tok');
  });

  it('a 200 that says success false also clears', async () => {
    store('tok', ama);
    fakeFetch(() => json(200, { success: false }));
    await restoreSession();
    expect($session.get().status).toBe('signed-out');
    expect(storage.map.size).toBe(0);
  });

  it('unreadable stored user: clears both without asking the server', async () => {
    store('tok', '{not json');
    const fetch = fakeFetch(() => json(200, { success: true, user: ama }));
    await restoreSession();
    expect(fetch).not.toHaveBeenCalled();
    expect($session.get()).toEqual({ status: 'signed-out', user: null, token: null });
    expect(storage.getItem('authToken')).toBeNull();
    expect(storage.getItem('userData')).toBeNull();
  });

  it('a stored record that is not a user counts as unreadable', async () => {
    store('tok', { email: 'x@example.com' });
    fakeFetch(() => json(200, { success: true, user: ama }));
    await restoreSession();
    expect($session.get().status).toBe('signed-out');
    expect(storage.map.size).toBe(0);
  });

  it('nothing stored: signed out, no call', async () => {
    const fetch = fakeFetch(() => json(200, {}));
    await restoreSession();
    expect(fetch).not.toHaveBeenCalled();
    expect($session.get().status).toBe('signed-out');
  });

  it('network down: keeps the stored user signed in, and checks again when back online', async () => {
    store('tok', ama);
    let online = false;
    fakeFetch(() =>
      online
        ? json(401, { success: false, code: 'signed_out', message: 'Session expired' })
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    await restoreSession();
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok' });
    expect(storage.getItem('authToken')).toBe('tok');

    // Refused once back online: the page it has been showing keeps its screen (ended).
    online = true;
    await restoreSession();
    expect($session.get().status).toBe('ended');
  });

  it('refused while the page shows the session (signed out elsewhere): ended, the screen and the stored keys kept', async () => {
    store('tok', ama);
    $session.set({ status: 'signed-in', user: ama, token: 'tok' });
    // A page: the store follows other tabs through the window's storage events while it is read.
    vi.stubGlobal('window', new EventTarget());
    const unbind = $session.listen(() => undefined);
    const otherTab = () => window.dispatchEvent(Object.assign(new Event('storage'), { key: 'authToken' }));
    fakeFetch(() =>
      json(401, { success: false, code: 'signed_out', message: 'Your session has ended. Please sign in again.' }),
    );
    await restoreSession();
    expect($session.get()).toEqual({ status: 'ended', user: ama, token: 'tok' });
    expect(storage.getItem('authToken')).toBe('tok');

    // Another tab's sign-in page clears the dead token: this page keeps its screen.
    storage.removeItem('authToken');
    otherTab();
    expect($session.get().status).toBe('ended');
    // Signing in again there brings this page back, as it is.
    store('tok-new', ama);
    otherTab();
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok-new' });
    unbind();
  });

  it('a server error (503) is treated like no connection', async () => {
    store('tok', ama);
    fakeFetch(() => json(503, { message: 'Service unavailable' }));
    await restoreSession();
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok' });
  });

  it('a sign-in during the check wins over the old token’s refusal', async () => {
    store('tok-old', ama);
    let answer: (response: Response) => void = () => {};
    fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const done = restoreSession();
    signIn('tok-new', { ...ama, id: 8 });
    answer(json(401, { success: false, code: 'signed_out', message: 'expired' }));
    await done;
    expect($session.get()).toMatchObject({ status: 'signed-in', token: 'tok-new' });
    expect(storage.getItem('authToken')).toBe('tok-new');
  });
});

describe('signIn', () => {
  it('stores token and user, and the email only with remember me', () => {
    signIn('tok', ama, { rememberEmail: false });
    expect($session.get()).toEqual({ status: 'signed-in', user: ama, token: 'tok' });
    expect(storage.getItem('authToken')).toBe('tok');
    expect(JSON.parse(storage.getItem('userData') ?? '')).toEqual(ama);
    expect(storage.getItem('userEmail')).toBeNull();
    expect(savedEmail()).toBeNull();
  });

  it('remember me saves the email for next time', () => {
    signIn('tok', ama, { rememberEmail: true });
    expect(storage.getItem('userEmail')).toBe('ama@example.com');
    expect(savedEmail()).toBe('ama@example.com');
  });

  it('remember me unticked forgets a previously saved email; no option leaves it', () => {
    storage.setItem('userEmail', 'old@example.com');
    signIn('tok', ama);
    expect(savedEmail()).toBe('old@example.com');
    signIn('tok', ama, { rememberEmail: false });
    expect(savedEmail()).toBeNull();
  });
});

describe('signOut', () => {
  it('clears token, user and saved email, and tells the server', async () => {
    fakeFetch(() => json(200, { success: true }));
    signIn('tok', ama, { rememberEmail: true });
    setPendingUserId(12);
    await signOut();
    expect($session.get()).toEqual({ status: 'signed-out', user: null, token: null });
    expect(storage.getItem('authToken')).toBeNull();
    expect(storage.getItem('userData')).toBeNull();
    expect(storage.getItem('userEmail')).toBeNull();
    expect(calls).toEqual([{ url: '/api/auth/logout', method: 'POST', authorization: 'Bearer tok' }]);
    expect(getPendingUserId()).toBe(12); // an unpaid sign-up is not part of the session
  });

  it('from an ended session: signed out here without asking the server again', async () => {
    store('tok', ama);
    signIn('tok', ama);
    fakeFetch(() =>
      json(401, { success: false, code: 'signed_out', message: 'Your session has ended. Please sign in again.' }),
    );
    await restoreSession();
    calls = [];
    await signOut();
    expect($session.get().status).toBe('signed-out');
    expect(storage.map.size).toBe(0);
    expect(calls).toEqual([]);
  });

  it('still signs out here when the server cannot be reached', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    signIn('tok', ama, { rememberEmail: true });
    await signOut();
    expect($session.get().status).toBe('signed-out');
    expect(storage.map.size).toBe(0);
  });
});

describe('mergeUser and pendingUserId', () => {
  it('merges profile fields into the stored user', () => {
    signIn('tok', ama);
    mergeUser({ firstName: 'Akosua', location: 'Kumasi' });
    const expected = { ...ama, firstName: 'Akosua', location: 'Kumasi' };
    expect($user.get()).toEqual(expected);
    expect(JSON.parse(storage.getItem('userData') ?? '')).toEqual(expected);
  });

  it('does nothing when signed out', () => {
    mergeUser({ firstName: 'X' });
    expect(storage.getItem('userData')).toBeNull();
    expect($user.get()).toBeNull();
  });

  it('keeps and removes the pending user id; ignores junk', () => {
    expect(getPendingUserId()).toBeNull();
    setPendingUserId(42);
    expect(storage.getItem('pendingUserId')).toBe('42');
    expect(getPendingUserId()).toBe(42);
    setPendingUserId(null);
    expect(getPendingUserId()).toBeNull();
    storage.setItem('pendingUserId', 'abc');
    expect(getPendingUserId()).toBeNull();
  });
});

describe('onAccount', () => {
  it('reads for the signed-in account, again for another one, not for the same account’s new user object', () => {
    const read = vi.fn();
    $session.set({ status: 'signed-in', user: ama, token: 't1' });
    const stop = onAccount(read);
    $session.set({ status: 'signed-in', user: { ...ama, firstName: 'Amma' }, token: 't1' });
    $session.set({ status: 'signed-out', user: null, token: null });
    $session.set({ status: 'signed-in', user: { ...ama, id: 8, email: 'kofi@example.com' }, token: 't2' });
    stop();
    $session.set({ status: 'signed-in', user: ama, token: 't3' });
    expect(read.mock.calls.map(([user]) => user.email)).toEqual(['ama@example.com', 'kofi@example.com']);
  });
});
