/** The payments feature's public face: starting and settling payments, and the answers other routes reuse. */
export { paymentAnswer, signupAnswer } from './answers.ts';
export {
  answerTestPhone,
  createPaymentIntent,
  type PaymentRow,
  type PaymentsDeps,
  paymentReference,
  priceFor,
  settlePayment,
} from './service.ts';
export * as paymentsRepo from './repo.ts';
export { forgetPayerEmail, insertPayment } from './repo.ts';
export type { PaymentPurpose } from './service.ts';
