import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $firstVisit, noteVisit, welcomeText } from './welcome.ts';

describe('welcome', () => {
  afterEach(() => {
    cleanStores($firstVisit);
    $firstVisit.set(undefined);
  });

  it('is unknown until a record says, then follows the record', () => {
    expect($firstVisit.get()).toBeUndefined();
    noteVisit({});
    expect($firstVisit.get()).toBeUndefined();
    noteVisit({ firstVisit: true });
    expect($firstVisit.get()).toBe(true);
    noteVisit({ firstVisit: false });
    expect($firstVisit.get()).toBe(false);
  });

  it('welcomes a new account without "back"', () => {
    expect(welcomeText('Ama', true)).toBe('Welcome, Ama!');
    expect(welcomeText('Ama', false)).toBe('Welcome back, Ama!');
  });
});
