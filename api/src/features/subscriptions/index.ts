/** The subscriptions feature's public face: paid periods, renewal and its workers. */
export { grantPaidMonths, paidUntil, periodBoughtBy } from './paid-period.ts';
export { autoRenewalFrom, cardLabel, startAutoRenewalWorker } from './auto-renewal.ts';
export { PROVIDER_CHECK_MS, promptStatus, sendMomoPrompt, submitMomoOtp } from './momo.ts';
export { sendDueReminders, sendReminderNow, startReminderWorker } from './reminders.ts';
export { type RenewLinks, renewLinks } from './renew-link.ts';
export { forgetPaymentMethodsOf } from './repo.ts';
