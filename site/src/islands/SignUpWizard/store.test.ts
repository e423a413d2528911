import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillSignupForm } from './filled-form.test-helper.ts';
import { ApiError, NetworkError } from '../../lib/api.ts';
import {
  $signup,
  $signupForm,
  nextStep,
  previousStep,
  readSignupLink,
  resetSignup,
  signupFailureMessage,
  submitSignup,
} from './store.ts';

beforeEach(resetSignup);
afterEach(() => vi.unstubAllGlobals());

describe('sign-up wizard steps', () => {
  it('step 1 needs a plan; step 2 is checked before it is left; Back moves one step', () => {
    nextStep();
    expect($signup.get()).toMatchObject({ step: 1, alert: 'Please select a subscription plan' });
    $signupForm.setKey('userType', 'customer');
    nextStep();
    expect($signup.get()).toMatchObject({ step: 2, alert: '' });
    nextStep();
    expect($signup.get()).toMatchObject({
      step: 2,
      check: 1,
      alert: 'Please fill in all required fields',
      errors: { firstName: 'First name is required', password: 'Password is required' },
    });
    $signupForm.set({
      ...$signupForm.get(),
      firstName: 'Ama',
      lastName: 'Mensah',
      email: 'a@example.com',
      phone: '0241234567',
      password: 'GoodPass123',
      confirmPassword: 'Other12345',
    });
    nextStep();
    expect($signup.get().errors).toEqual({ confirmPassword: 'Passwords do not match. Please try again.' });
    $signupForm.setKey('confirmPassword', 'GoodPass123');
    nextStep();
    expect($signup.get()).toMatchObject({ step: 3, errors: {} });
    previousStep();
    expect($signup.get().step).toBe(2);
  });

  it('submit shows the first problem in the order of checks without calling the server', async () => {
    $signupForm.set({
      ...$signupForm.get(),
      userType: 'professional',
      firstName: 'Kwame',
      lastName: 'Mensah',
      email: 'k@example.com',
      phone: '0241234567',
      password: 'GoodPass123',
      confirmPassword: 'Other12345',
    });
    $signup.setKey('step', 3);
    await submitSignup();
    // A problem is shown on the step that has its field, never on step 3.
    expect($signup.get()).toMatchObject({
      step: 2,
      alert: '',
      errors: { confirmPassword: 'Passwords do not match. Please try again.' },
    });
    $signupForm.setKey('confirmPassword', 'GoodPass123');
    $signup.setKey('step', 3);
    await submitSignup();
    expect($signup.get()).toMatchObject({
      step: 3,
      errors: {
        profession: 'Please select your profession',
        localAddress: 'Please enter your local address and service area',
      },
    });
    expect($signup.get().phase.name).toBe('editing');
    // The box left unticked is a problem of step 3, by the box, and nothing is sent.
    $signupForm.set({ ...$signupForm.get(), profession: 'Plumber', localAddress: 'Osu, Accra' });
    await submitSignup();
    expect($signup.get()).toMatchObject({
      step: 3,
      errors: { agreeToTerms: 'Please tick the box to agree to the Terms of Service and Privacy Policy.' },
    });
    expect($signup.get().phase.name).toBe('editing');
  });

  it('a phone number that already has an account sends the person back to the phone field', async () => {
    const taken = 'An account with this phone number already exists. If it is yours, sign in instead.';
    const answer = {
      success: false,
      code: 'already_exists',
      message: taken,
      errors: [{ field: 'phone', message: taken }],
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 409 }));
    fillSignupForm();
    $signup.setKey('step', 3);
    await submitSignup();
    expect($signup.get()).toMatchObject({ step: 2, alert: '', errors: { phone: taken } });
  });

  it('reads ?ref=CODE into the referrer code', () => {
    readSignupLink('?ref=SEAFFAB12CD');
    expect($signupForm.get().referrerCode).toBe('SEAFFAB12CD');
  });

  it('reads ?plan= into the plan and opens the account step; an unknown plan is ignored', () => {
    readSignupLink('?plan=admin');
    expect([$signupForm.get().userType, $signup.get().step]).toEqual(['', 1]);
    readSignupLink('?plan=professional');
    expect([$signupForm.get().userType, $signup.get().step]).toEqual(['professional', 2]);
  });
});

describe('signupFailureMessage', () => {
  it('shows the server message when there is one', () => {
    expect(signupFailureMessage(new ApiError(409, 'x', { message: 'An account with this email already exists' }))).toBe(
      'An account with this email already exists',
    );
  });
  it('otherwise plain words with what to do: no error details, no time', () => {
    const network = signupFailureMessage(new NetworkError());
    expect(network).toBe(
      'Failed to submit registration data. This looks like a network issue: please check your internet connection and try again. Nothing you typed is lost.',
    );
    expect(signupFailureMessage(new ApiError(404, 'x', { code: 'not_found' }))).toContain(
      'Service temporarily unavailable.',
    );
    expect(signupFailureMessage(new ApiError(500, 'x', { message: 'Internal error' }))).toContain(
      'Service temporarily unavailable.',
    );
    expect(signupFailureMessage(new ApiError(400, 'x', null))).toContain(
      'Please check your information and try again.',
    );
  });
});
