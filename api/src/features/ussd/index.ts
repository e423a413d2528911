/** What other features use of the phone menu (USSD). */
export { hasUssdPin } from './service.ts';
export { forgetUssdOf, ussdDataOf } from './repo.ts';
