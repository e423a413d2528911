import { clockTime, compactDay, dayOf, shortDate } from '../../../../contract/dates.ts';
import { lengthName, PLAN_LENGTHS, type PlanLength } from '../../../../contract/plans.ts';

/**
 * The phone menu's screens (docs/PRODUCT.md "The phone menu (USSD)"), as pure functions: where the
 * caller is and what is there → the screen's text and its numbered choices. Nothing here reads the
 * database or the clock; service.ts loads what a screen shows and runs what a choice does.
 *
 * A screen is at most SCREEN_CHARS characters (what a phone shows in one USSD message) with at most
 * MAX_CHOICES numbered choices; below the top screen `0` goes back and `00` home.
 */
export const SCREEN_CHARS = 160;
export const MAX_CHOICES = 7;
/** A list (requests, jobs) shows the soonest few: more would not fit one screen with their days and times. */
export const LIST_ITEMS = 4;
/** Longer than this is no answer to a menu (a PIN is 4 digits, a choice 1 or 2): it is not looked into. */
export const MAX_INPUT_CHARS = 40;

/** Where a caller can be in the menu. */
export type Place =
  | { at: 'home' }
  | { at: 'requests' }
  | { at: 'request'; id: number }
  | { at: 'decline'; id: number }
  | { at: 'proposeDay'; id: number }
  | { at: 'proposeTime'; id: number; date: string }
  | { at: 'jobs' }
  | { at: 'job'; id: number }
  | { at: 'complete'; id: number }
  | { at: 'subscription' }
  | { at: 'renew' }
  | { at: 'figures' }
  | { at: 'help' };

/** What a choice does: go somewhere, or act through the same services as the web. */
export type Action =
  | { do: 'accept'; id: number }
  | { do: 'decline'; id: number }
  | { do: 'propose'; id: number; date: string; time: string }
  | { do: 'complete'; id: number }
  | { do: 'renew'; months: PlanLength };
export type Next = { go: Place } | { act: Action };

export interface Choice {
  label: string;
  next: Next;
}

/** A menu screen before it is drawn: its words and its choices (at most MAX_CHOICES). */
export interface Menu {
  title: string;
  choices: Choice[];
}

/** What the gateway shows: the text, and whether the session ends with it. */
export interface Screen {
  text: string;
  end: boolean;
}

const NAV_LINE = '0 Back 00 Home';
/** Cut to `max` characters, ".." marking a cut: names and places people typed can be long. */
export const cut = (words: string, max: number): string =>
  words.length <= max ? words : `${words.slice(0, Math.max(0, max - 2)).trimEnd()}..`;

/** Phones show plain GSM characters best: the cedi sign and typographic marks become plain ones. */
const plain = (words: string): string =>
  words.replaceAll('₵', 'GHS ').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replaceAll('…', '..');

/** A screen that ends the session. */
export const endScreen = (words: string): Screen => ({ text: cut(plain(words), SCREEN_CHARS), end: true });

/** A screen that waits for an answer typed (a PIN, a code), with no numbered choices. */
export const askScreen = (words: string): Screen => ({ text: cut(plain(words), SCREEN_CHARS), end: false });

/**
 * Draws a menu: the title (cut to leave room for the choices, never the choices cut), the
 * numbered choices and, below the top screen, the way back and home.
 */
export function draw(menu: Menu, { top, note }: { top: boolean; note?: string }): Screen {
  const choices = menu.choices.slice(0, MAX_CHOICES).map((c, i) => `${i + 1} ${c.label}`);
  const lines = [...choices, ...(top ? [] : [NAV_LINE])];
  const below = lines.length ? `\n${lines.join('\n')}` : '';
  const head = plain(note ? `${note} ${menu.title}` : menu.title);
  return { text: `${cut(head, SCREEN_CHARS - below.length)}${below}`, end: false };
}

/** What an answer to a drawn menu means: a choice, back, home, or not one of them. */
export type Picked = { next: Next } | 'back' | 'home' | 'invalid';

export function pick(nexts: readonly Next[], input: string): Picked {
  const answer = input.trim();
  if (answer === '00') return 'home';
  if (answer === '0') return 'back';
  if (!/^[1-9]$/.test(answer)) return 'invalid';
  const next = nexts[Number(answer) - 1];
  return next ? { next } : 'invalid';
}

/** An answer that is a 4-digit PIN or code (anything else is a wrong one, never looked into further). */
export const isFourDigits = (input: string): boolean => /^\d{4}$/.test(input.trim());

// The screens. Each takes what it shows, already loaded.

export interface RequestLine {
  id: number;
  service: string;
  date: string;
  time: string;
  area: string | null;
  customerFirstName: string;
  answerBy: Date | null;
}

export interface JobLine extends RequestLine {
  customerPhone: string;
  started: boolean;
}

const when = (b: { date: string; time: string }) => `${compactDay(b.date)} ${b.time}`;
const area = (b: { area: string | null }) => (b.area ? cut(b.area, 22) : 'no area given');
/** The first name, short: a screen has room for little else. */
const firstName = (name: string) => cut(name.split(' ')[0] ?? name, 14);

export function homeMenu(p: { firstName: string; requests: number; jobs: number }): Menu {
  return {
    title: `ServiceConnect. Hi ${firstName(p.firstName)}`,
    choices: [
      { label: `New requests (${p.requests})`, next: { go: { at: 'requests' } } },
      { label: `My jobs (${p.jobs})`, next: { go: { at: 'jobs' } } },
      { label: 'Subscription', next: { go: { at: 'subscription' } } },
      { label: 'My figures', next: { go: { at: 'figures' } } },
      { label: 'Help', next: { go: { at: 'help' } } },
    ],
  };
}

export function requestsMenu(requests: RequestLine[]): Menu {
  if (requests.length === 0) return { title: 'No new requests. We text you when one comes.', choices: [] };
  return {
    title: 'New requests:',
    choices: requests.slice(0, LIST_ITEMS).map((r) => ({
      label: `${when(r)} ${cut(r.service, 10)}`,
      next: { go: { at: 'request', id: r.id } },
    })),
  };
}

export function requestMenu(r: RequestLine): Menu {
  const by = r.answerBy ? ` Answer by ${compactDay(dayOf(r.answerBy))} ${clockTime(r.answerBy)}.` : '';
  return {
    title: `${cut(r.service, 20)}, ${when(r)}, ${area(r)}. ${firstName(r.customerFirstName)}.${by}`,
    choices: [
      { label: 'Accept', next: { act: { do: 'accept', id: r.id } } },
      { label: 'Decline', next: { go: { at: 'decline', id: r.id } } },
      { label: 'Propose another time', next: { go: { at: 'proposeDay', id: r.id } } },
    ],
  };
}

export function declineMenu(r: RequestLine): Menu {
  return {
    title: `Decline ${firstName(r.customerFirstName)}'s request for ${when(r)}?`,
    choices: [{ label: 'Yes, decline', next: { act: { do: 'decline', id: r.id } } }],
  };
}

/** The professional's open days (the web's "Propose another time" picker), the first few. */
export function proposeDayMenu(id: number, days: { date: string; times: string[] }[]): Menu {
  const open = days.filter((d) => d.times.length > 0).slice(0, MAX_CHOICES - 1);
  if (open.length === 0) return { title: 'No open times in your schedule. Change your hours on the web.', choices: [] };
  return {
    title: 'Propose which day?',
    choices: open.map((d) => ({ label: compactDay(d.date), next: { go: { at: 'proposeTime', id, date: d.date } } })),
  };
}

export function proposeTimeMenu(id: number, date: string, times: string[]): Menu {
  if (times.length === 0) return { title: `No open times left on ${compactDay(date)}.`, choices: [] };
  return {
    title: `Propose which time on ${compactDay(date)}?`,
    choices: times
      .slice(0, MAX_CHOICES)
      .map((time) => ({ label: time, next: { act: { do: 'propose', id, date, time } } })),
  };
}

export function jobsMenu(jobs: JobLine[]): Menu {
  if (jobs.length === 0) return { title: 'No jobs today or coming.', choices: [] };
  return {
    title: 'Today and coming:',
    choices: jobs.slice(0, LIST_ITEMS).map((j) => ({
      label: `${when(j)} ${cut(firstName(j.customerFirstName), 10)}`,
      next: { go: { at: 'job', id: j.id } },
    })),
  };
}

export function jobMenu(j: JobLine): Menu {
  return {
    title: `${cut(j.service, 20)}, ${when(j)}, ${area(j)}. ${firstName(j.customerFirstName)}: call ${j.customerPhone.replace(/^\+233/, '0')}.`,
    choices: j.started ? [{ label: 'Mark completed', next: { go: { at: 'complete', id: j.id } } }] : [],
  };
}

export function completeMenu(j: JobLine): Menu {
  return {
    title: `Mark the job of ${when(j)} completed? The customer is asked to confirm.`,
    choices: [{ label: 'Yes, completed', next: { act: { do: 'complete', id: j.id } } }],
  };
}

export function subscriptionMenu(paidUntil: Date | null, now: Date): Menu {
  const status = !paidUntil
    ? 'No paid time yet.'
    : paidUntil > now
      ? `Paid until ${shortDate(paidUntil)}.`
      : `Ended ${shortDate(paidUntil)}.`;
  return { title: status, choices: [{ label: 'Renew', next: { go: { at: 'renew' } } }] };
}

export function renewMenu(): Menu {
  return {
    title: 'Renew for how long? The mobile-money prompt comes to this phone.',
    choices: PLAN_LENGTHS.map((months) => ({ label: lengthName(months), next: { act: { do: 'renew', months } } })),
  };
}

export function figuresMenu(f: { rating: number | null; reviews: number; kept: number; jobs: number }): Menu {
  const rating = f.rating === null ? 'No rating yet' : `Rating ${f.rating.toFixed(1)} of 5`;
  return {
    title: `${rating}, ${f.reviews} review${f.reviews === 1 ? '' : 's'}. Kept ${f.kept} of ${f.jobs} jobs in 90 days.`,
    choices: [],
  };
}

export function helpMenu(supportPhone: string): Menu {
  return {
    title: `Help: call ${supportPhone}, Mon-Fri 8:00-18:00. Change your PIN in Profile on the web.`,
    choices: [],
  };
}
