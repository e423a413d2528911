import { describe, expect, it } from 'vitest';
import { pickedUserType, readLoginForm } from './login-form.ts';

const formData = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe('the sign-in form as the page holds it', () => {
  it('reads the choices and what was typed', () => {
    const data = formData({
      accountType: 'professional',
      loginMethod: 'phone',
      phone: '0241234567',
      password: 'secret-pass',
    });
    expect(readLoginForm(data, 'customer')).toEqual({
      accountType: 'professional',
      loginMethod: 'phone',
      email: '',
      phone: '0241234567',
      password: 'secret-pass',
    });
  });

  it('keeps the type on screen when the form names none it knows, and signs in by email unless phone is chosen', () => {
    const form = readLoginForm(
      formData({ accountType: 'wizard', loginMethod: 'pigeon', email: 'a@b.gh' }),
      'affiliate',
    );
    expect(form).toMatchObject({ accountType: 'affiliate', loginMethod: 'email', email: 'a@b.gh', password: '' });
  });

  it('adopts only a known account type picked before hydration', () => {
    expect(pickedUserType('professional')).toBe('professional');
    expect(pickedUserType('')).toBeUndefined();
    expect(pickedUserType(undefined)).toBeUndefined();
  });
});
