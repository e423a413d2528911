/**
 * Accounts for the benches, made through the API as a person would (the way
 * e2e/fixtures/accounts.ts does): sign-up, a sandbox payment, complete-registration, sign-in.
 */
import { randomInt } from 'node:crypto';
import type { SessionUser, UserType } from '../../contract/account-types.ts';
import { approvedSandboxCharge, type SignupResponse } from '../../contract/payments.ts';
import { call } from './http.ts';

export interface Session {
  email: string;
  password: string;
  token: string;
  user: SessionUser;
}

let serial = 0;
const tag = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(serial++).toString(36)}`;
const phone = () => `02${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function post<T>(baseUrl: string, path: string, body: unknown, expect = [200, 201]): Promise<T> {
  const { status, text } = await call(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!expect.includes(status)) throw new Error(`POST ${path} answered ${status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function login(baseUrl: string, email: string, password: string, accountType: UserType): Promise<Session> {
  const r = await post<{ token: string; user: SessionUser }>(baseUrl, '/api/auth/login', {
    loginMethod: 'email',
    email,
    password,
    accountType,
  });
  return { email, password, token: r.token, user: r.user };
}

/**
 * An active customer or professional: sign-up (pending), sandbox charge (as mobile money),
 * complete-registration, sign-in. `phoneNumber` fixes the number (and so the mobile-money network
 * its prefix suggests); by default a random 02… number.
 */
export async function createPaidAccount(
  baseUrl: string,
  userType: 'customer' | 'professional',
  password = 'Passw0rd-bench',
  phoneNumber = phone(),
): Promise<Session> {
  const email = `bench-${userType}-${tag()}@example.com`;
  const created = await post<SignupResponse>(
    baseUrl,
    '/api/signup',
    {
      email,
      phone: phoneNumber,
      firstName: 'Akua',
      lastName: 'Bench',
      userType,
      location: 'Accra',
      localAddress: 'Osu, Oxford Street',
      profession: userType === 'professional' ? 'Electrician' : '',
      description: '',
      profilePicture: '',
      baseRate: 0,
      maxRate: 0,
      rateNegotiable: false,
      agreeToTerms: true,
      password,
      confirmPassword: password,
    },
    [201],
  );
  const { payment } = created;
  await post(baseUrl, '/api/sandbox/charge', approvedSandboxCharge(payment));
  await post(baseUrl, '/api/complete-registration', { userId: created.user.id, paymentReference: payment.reference });
  return login(baseUrl, email, password, userType);
}

/** An affiliate (free sign-up, signed in by the answer). */
export async function createAffiliate(baseUrl: string, password = 'Passw0rd-bench'): Promise<Session> {
  const email = `bench-affiliate-${tag()}@example.com`;
  const r = await post<{ token: string; user: SessionUser }>(
    baseUrl,
    '/api/affiliate-signup',
    {
      firstName: 'Esi',
      lastName: 'Bench',
      email,
      phone: phone(),
      password,
      location: 'Cape Coast',
      payoutMethod: 'mobile-money',
      momoNumber: phone(),
      bankAccount: '',
      description: '',
      agreeToTerms: true,
    },
    [201],
  );
  return { email, password, token: r.token, user: r.user };
}
