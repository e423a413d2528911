import { expect, it } from 'vitest';
import { signUpAndPay } from './accounts.ts';
import { startTestApp } from './harness.ts';

// The harness refuses a secret in the log: every API test file relies on this check.
it('fails a test app whose log holds a password or a session token it handed out', async () => {
  const app = await startTestApp();
  const customer = await signUpAndPay(app);
  expect(customer.token.length).toBeGreaterThan(20);
  app.logs.push({ msg: 'careless line', detail: `token=${customer.token}` });
  await expect(app.close()).rejects.toThrow(/A secret reached the log/);

  const clean = await startTestApp();
  await signUpAndPay(clean);
  await expect(clean.close()).resolves.toBeUndefined();
});
