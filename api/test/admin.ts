import { createAdmin } from '../src/features/admin/accounts.ts';
import { bearer } from './accounts.ts';
import { startTestApp, type TestApp } from './harness.ts';

let serial = 0;

/** A new administrator, signed in: its id, username, password and token. */
export async function signInAdmin(app: TestApp) {
  serial++;
  const username = `admin${serial}`;
  const password = 'Admin-Passw0rd!';
  const admin = await createAdmin(app.db, username, password, app.clock.now());
  const res = await app.request('/api/admin/login', { method: 'POST', json: { username, password } });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...admin, password, token: res.body.token as string };
}

export type SignedInAdmin = Awaited<ReturnType<typeof signInAdmin>>;

/** A test app and an administrator signed in to it, for a file whose tests act as one. */
export async function startTestAppWithAdmin(
  options?: Parameters<typeof startTestApp>[0],
): Promise<{ app: TestApp; admin: SignedInAdmin }> {
  const app = await startTestApp(options);
  return { app, admin: await signInAdmin(app) };
}

/** `app.request` with the administrator's bearer token (headers the caller gives are kept). */
export const requestAsAdmin = (
  app: TestApp,
  token: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) => app.request(path, { ...init, headers: { ...bearer(token), ...(init.headers as Record<string, string>) } });
