import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { $signup, $signupForm, nextStep, previousStep, readReferrer, resetSignup, signupFailureMessage, submitSignup } from './store.ts';

beforeEach(resetSignup);

describe('sign-up wizard steps (spec 000 §4)', () => {
  it('step 1 needs a plan; step 2 is checked before it is left; Back moves one step', () => {
    nextStep();
    expect($signup.get()).toMatchObject({ step: 1, alert: 'Please select a subscription plan' });
    $signupForm.setKey('userType', 'customer');
    nextStep();
    expect($signup.get()).toMatchObject({ step: 2, alert: '' });
    nextStep();
    expect($signup.get()).toMatchObject({ step: 2, check: 1, errors: { firstName: 'Please fill in all required fields', password: 'Please fill in all required fields' } });
    $signupForm.set({ ...$signupForm.get(), firstName: 'Ama', lastName: 'Mensah', email: 'a@example.com', phone: '0241234567', password: 'GoodPass123', confirmPassword: 'Other12345' });
    nextStep();
    expect($signup.get().errors).toEqual({ confirmPassword: 'Passwords do not match. Please try again.' });
    $signupForm.setKey('confirmPassword', 'GoodPass123');
    nextStep();
    expect($signup.get()).toMatchObject({ step: 3, errors: {} });
    previousStep();
    expect($signup.get().step).toBe(2);
  });

  it('submit shows the first problem in the spec order without calling the server', async () => {
    $signupForm.set({ ...$signupForm.get(), userType: 'professional', firstName: 'Kwame', lastName: 'Mensah', email: 'k@example.com', phone: '0241234567', password: 'GoodPass123', confirmPassword: 'Other12345' });
    $signup.setKey('step', 3);
    await submitSignup();
    // A problem is shown on the step that has its field, never on step 3.
    expect($signup.get()).toMatchObject({ step: 2, alert: '', errors: { confirmPassword: 'Passwords do not match. Please try again.' } });
    $signupForm.setKey('confirmPassword', 'GoodPass123');
    $signup.setKey('step', 3);
    await submitSignup();
    expect($signup.get()).toMatchObject({ step: 3, errors: { profession: 'Please select your profession', localAddress: 'Please enter your local address and service area' } });
    expect($signup.get().phase.name).toBe('editing');
  });

  it('reads ?ref=CODE into the referrer code', () => {
    readReferrer('?ref=SEAFFAB12CD');
    expect($signupForm.get().referrerCode).toBe('SEAFFAB12CD');
  });
});

describe('signupFailureMessage (spec 000 §8)', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  it('shows the server message when there is one', () => {
    expect(signupFailureMessage(new ApiError(409, 'x', { message: 'An account with this email already exists' }), now)).toBe('An account with this email already exists');
  });
  it('otherwise the spec text with a hint, the details and the time', () => {
    const network = signupFailureMessage(new NetworkError(), now);
    expect(network).toMatch(/^Failed to submit registration data\. This looks like a network issue/);
    expect(network).toContain('Error details: Failed to fetch');
    expect(network).toContain('Time: ');
    expect(signupFailureMessage(new ApiError(404, 'Request failed with status 404', null), now)).toContain('Service temporarily unavailable.');
    expect(signupFailureMessage(new ApiError(500, 'Request failed with status 500', null), now)).toContain('Please check your information and try again.');
  });
});
