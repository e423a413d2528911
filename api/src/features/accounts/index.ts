/** The accounts feature's public face: what other folders use of it (deep imports are for its own files and tests). */
export { hashPassword, verifyPassword } from './passwords.ts';
export * as usersRepo from './users.ts';
export {
  findById,
  findByPhone,
  forgetUser,
  forgottenEmail,
  refuseTakenEmailOrPhone,
  toSessionUser,
  type UserRow,
} from './users.ts';
