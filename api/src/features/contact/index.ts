/** The contact feature's public face: support messages, by JSON or the plain form. */
export { forgetContactMessagesOf } from './repo.ts';
