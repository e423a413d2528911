/** The notifications' public face: the words of every email, text and push step (services pass data; wording lives here). */
export * from './messages.ts';
export { textMessages } from './messages.ts';
export { payoutMessage, payoutPush } from './messages.ts';
export { passwordResetMessage } from './messages.ts';
export { bookingMessages, bookingStep } from './messages.ts';
export { timeMessages, timeTexts } from './messages.ts';
export { chatLines } from './messages.ts';
export { receipt } from './messages.ts';
export { reportMessages } from './messages.ts';
export { chargeFailedMessage } from './messages.ts';
export { reminderMessage, renewalPush } from './messages.ts';
export { ussdTexts } from './messages.ts';
export { verificationMessage, verificationPush } from './messages.ts';
