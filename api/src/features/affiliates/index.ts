/** The affiliates' public face: their routes, referrals and commissions (recorded where a sign-up or payment happens), and payouts. */
export { creditReferralCommission, forgetPayoutDetailsOf, recordCommission, recordReferral } from './repo.ts';
export { listPayouts, movePayout, pendingBalance, settleTransfer } from './payouts.ts';
export { payout as payoutAnswer } from './answers.ts';
