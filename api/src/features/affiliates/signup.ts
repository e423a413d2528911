import { randomInt } from 'node:crypto';
import type { AffiliateSignup, SessionUser } from '../../../../contract/accounts.ts';
import { toE164 } from '../../../../contract/phone.ts';
import type { MomoNetwork } from '../../../../contract/affiliates.ts';
import { AFFILIATE_TERMS_VERSION } from '../../../../contract/account-types.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import { hashPassword } from '../accounts/index.ts';
import { usersRepo } from '../accounts/index.ts';
import { refuseTakenEmailOrPhone, toSessionUser } from '../accounts/index.ts';
import * as sessionsRepo from '../auth/sessions.ts';
import { insertAffiliateProfile } from './repo.ts';

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** SEAFF + 6 characters (docs/PRODUCT.md "Affiliates, commission and payouts"); never SEAFF0000, the screens' placeholder. */
export function referrerCode(): string {
  return `SEAFF${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
}

export interface AffiliateSignupResult {
  success: true;
  message: string;
  autoLogin: true;
  token: string;
  user: SessionUser;
  affiliate: { referrerCode: string; payoutMethod: string };
}

/**
 * Affiliates join without payment (docs/PRODUCT.md "Affiliates, commission and payouts"), active at
 * once and signed in. `network`: the caller's address key (byAddress), as for signup().
 */
export async function affiliateSignup(
  deps: { db: Db; clock: Clock },
  input: AffiliateSignup,
  network: string,
): Promise<AffiliateSignupResult> {
  const { db, clock } = deps;
  const phone = toE164(input.phone)!;
  const now = clock.now();
  await refuseTakenEmailOrPhone(db, { email: input.email, phoneE164: phone, network, now });
  const passwordHash = await hashPassword(input.password);

  const { user, code } = await db.transaction(async (trx) => {
    const row = await usersRepo.insert(trx, {
      user_type: 'affiliate',
      email: input.email,
      phone,
      password_hash: passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      status: 'active',
      location: input.location,
      local_address: null,
      description: input.description || null,
      profile_picture: null,
      created_at: now,
      terms_version: AFFILIATE_TERMS_VERSION, // the schema refused a sign-up without the tick
      terms_agreed_at: now,
    });
    // A clash among 32^6 codes is rare; try again rather than fail the sign-up.
    for (let attempt = 0; ; attempt++) {
      const candidate = referrerCode();
      const free = await insertAffiliateProfile(trx, {
        user_id: row.id,
        referrer_code: candidate,
        payout_method: input.payoutMethod,
        momo_number: input.payoutMethod === 'mobile-money' ? (toE164(input.momoNumber) ?? input.momoNumber) : '',
        // The schema accepts only MOMO_NETWORKS codes (or '').
        momo_network:
          input.payoutMethod === 'mobile-money' && input.momoNetwork ? (input.momoNetwork as MomoNetwork) : null,
        bank_account: input.payoutMethod === 'bank-account' ? input.bankAccount : '',
      });
      if (free) return { user: row, code: candidate };
      if (attempt >= 5) throw new Error('could not allocate a referrer code');
    }
  });

  return {
    success: true,
    message: 'Welcome to the affiliate programme!',
    autoLogin: true,
    token: await sessionsRepo.create(db, Number(user.id), now),
    user: toSessionUser(user),
    affiliate: { referrerCode: code, payoutMethod: input.payoutMethod },
  };
}
