import { $signupForm } from './store.ts';

/** A customer's sign-up form filled in correctly, ready to send: tests change the one field they are about. */
export function fillSignupForm(): void {
  $signupForm.set({
    ...$signupForm.get(),
    userType: 'customer',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    phone: '0241234567',
    password: 'GoodPass123',
    confirmPassword: 'GoodPass123',
    agreeToTerms: true,
  });
}
