/** The contact feature's public face: support messages, by JSON or the plain form. */
export { contactRoutes } from './routes.ts';
export { takesContactForm } from './form.ts';
export { forgetContactMessagesOf } from './repo.ts';
