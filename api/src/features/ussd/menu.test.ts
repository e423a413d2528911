import { describe, expect, it } from 'vitest';
import { dialledAfter } from './adapters.ts';
import {
  completeMenu,
  declineMenu,
  draw,
  figuresMenu,
  helpMenu,
  homeMenu,
  type JobLine,
  jobMenu,
  jobsMenu,
  MAX_CHOICES,
  pick,
  proposeDayMenu,
  proposeTimeMenu,
  renewMenu,
  requestMenu,
  requestsMenu,
  SCREEN_CHARS,
  subscriptionMenu,
} from './menu.ts';

// docs/PRODUCT.md "The phone menu (USSD)": every screen at most 160 characters and 7 choices.
const long = 'Wofa Kwame Asante-Boateng Nyarko-Mensah Owusu';
const job: JobLine = {
  id: 123456789,
  service: 'Air Conditioning & Refrigeration Repair',
  date: '2026-09-30',
  time: '16:00',
  area: 'Plot 24, Behind the Old Kejetia Lorry Station, Adum, Kumasi, Ashanti Region',
  customerFirstName: long,
  answerBy: new Date('2026-09-29T23:00:00Z'),
  customerPhone: '+233241234567',
  started: true,
};
const days = Array.from({ length: 14 }, (_, i) => ({
  date: `2026-12-${String(i + 1).padStart(2, '0')}`,
  times: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'],
}));

describe('the phone menu screens', () => {
  const menus = [
    homeMenu({ firstName: long, requests: 999, jobs: 999 }),
    requestsMenu(Array.from({ length: 20 }, (_, i) => ({ ...job, id: i }))),
    requestsMenu([]),
    requestMenu(job),
    declineMenu(job),
    proposeDayMenu(1, days),
    proposeDayMenu(1, []),
    proposeTimeMenu(1, '2026-12-01', days[0].times),
    jobsMenu(Array.from({ length: 20 }, (_, i) => ({ ...job, id: i }))),
    jobMenu(job),
    completeMenu(job),
    subscriptionMenu(new Date('2027-09-30T00:00:00Z'), new Date('2026-11-22T09:00:00Z')),
    subscriptionMenu(null, new Date('2026-11-22T09:00:00Z')),
    renewMenu(),
    figuresMenu({ rating: 4.56, reviews: 12345, kept: 99999, jobs: 99999 }),
    helpMenu('+233 24 000 0000'),
  ];

  it('fit 160 characters and 7 choices, with the longest names and places, at the top and below it', () => {
    for (const menu of menus) {
      for (const top of [true, false]) {
        for (const note of [undefined, 'Choose a number from the list.']) {
          const screen = draw(menu, { top, note });
          expect(screen.text.length, screen.text).toBeLessThanOrEqual(SCREEN_CHARS);
          expect(screen.text.split('\n').filter((l) => /^[1-9] /.test(l)).length).toBeLessThanOrEqual(MAX_CHOICES);
          // The choices are never what gets cut.
          for (const [i, c] of menu.choices.slice(0, MAX_CHOICES).entries())
            expect(screen.text).toContain(`\n${i + 1} ${c.label}`);
        }
      }
    }
  });

  it('write plain characters a basic phone shows (no cedi sign, no typographic marks)', () => {
    const screen = draw({ title: 'Pay ₵27 – “now”…', choices: [] }, { top: true });
    expect(screen.text).toBe('Pay GHS 27 - "now"..');
  });

  it('read a choice, 0 back, 00 home, and nothing else', () => {
    const nexts = renewMenu().choices.map((c) => c.next);
    expect(pick(nexts, '2')).toEqual({ next: { act: { do: 'renew', months: 3 } } });
    expect(pick(nexts, ' 4 ')).toEqual({ next: { act: { do: 'renew', months: 12 } } });
    expect(pick(nexts, '0')).toBe('back');
    expect(pick(nexts, '00')).toBe('home');
    for (const bad of ['5', '9', '10', '01', 'a', '', '1*2', '-1', '１']) expect(pick(nexts, bad)).toBe('invalid');
  });

  it("take a request's number from what was dialled after the code", () => {
    expect(dialledAfter('*920*55#', '*920*55*12#')).toBe('12');
    expect(dialledAfter('*920*55#', '*920*55#')).toBeNull();
    expect(dialledAfter('*920*55#', '*920*56*12#')).toBeNull();
  });
});
