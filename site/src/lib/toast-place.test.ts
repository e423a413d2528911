import { describe, expect, it } from 'vitest';
import { chooseToastPlace } from './toast-place.ts';

describe('chooseToastPlace', () => {
  it('keeps the bottom when nothing is to stay clear', () => {
    expect(chooseToastPlace(90, 740, { first: [], rest: [] })).toBe('bottom');
  });

  it('goes to the top when the bottom would cover the focused form’s field', () => {
    expect(chooseToastPlace(90, 740, { first: [{ top: 600, bottom: 700 }], rest: [] })).toBe('top');
  });

  it('stays at the bottom when the tabs are at the top', () => {
    expect(chooseToastPlace(90, 740, { first: [{ top: 60, bottom: 110 }], rest: [] })).toBe('bottom');
  });

  it('takes the place that covers fewer when both cover something', () => {
    const rest = [
      { top: 20, bottom: 60 },
      { top: 600, bottom: 650 },
      { top: 680, bottom: 720 },
    ];
    expect(chooseToastPlace(90, 740, { first: [], rest })).toBe('top');
  });

  it('keeps the field in use clear before any other field of its form', () => {
    // A long form fills the screen: the top covers two of its fields, the bottom the focused one.
    const rest = [
      { top: 20, bottom: 60 },
      { top: 70, bottom: 100 },
    ];
    expect(chooseToastPlace(90, 740, { first: [{ top: 660, bottom: 720 }], rest })).toBe('top');
  });

  it('prefers the bottom on a tie', () => {
    const rest = [
      { top: 20, bottom: 60 },
      { top: 680, bottom: 720 },
    ];
    expect(chooseToastPlace(90, 740, { first: [], rest })).toBe('bottom');
  });

  it('a band that only touches the toast’s edge is not covered', () => {
    // The bottom toast spans 638–728 on a 740 px screen.
    expect(chooseToastPlace(90, 740, { first: [{ top: 500, bottom: 638 }], rest: [] })).toBe('bottom');
  });
});
