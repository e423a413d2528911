import { USER_TYPES } from '../../../../contract/account-types.ts';
import type { UserType } from '../../../../contract/account-types.ts';
import type { LoginForm } from './login.ts';

const isUserType = (value: string): value is UserType => (USER_TYPES as readonly string[]).includes(value);

/**
 * The sign-in form as the page holds it, choices made before the island hydrated included;
 * `shownType` (the account type on screen) stands in when the form names none it knows.
 */
export function readLoginForm(data: FormData, shownType: UserType): LoginForm {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const picked = text('accountType');
  return {
    accountType: isUserType(picked) ? picked : shownType,
    loginMethod: text('loginMethod') === 'phone' ? 'phone' : 'email',
    email: text('email'),
    phone: text('phone'),
    password: text('password'),
  };
}

/** The account type picked in the page before the island hydrated, if it is one. */
export function pickedUserType(value: string | undefined): UserType | undefined {
  return value !== undefined && isUserType(value) ? value : undefined;
}
