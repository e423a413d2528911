import { createAdmin } from '../src/features/admin/accounts.ts';
import type { TestApp } from './harness.ts';

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
