/** The kit's password field, under the path the sign-in island imports while it is being split (docs/HOUSE-RULES.md "Browser"). */
export { PasswordField } from './kit.tsx';
