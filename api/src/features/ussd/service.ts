import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { SessionUser } from '../../../../contract/accounts.ts';
import { addTime, clockTime, DAY_MS, MINUTE_MS, startOfDay, timeBetween } from '../../../../contract/dates.ts';
import { toE164 } from '../../../../contract/phone.ts';
import { networkByPrefix } from '../../../../contract/momo.ts';
import { USSD_PIN_MESSAGES } from '../../../../contract/ussd-pin.ts';
import type { Config, UssdConfig } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import type { UserRow } from '../../db-tables.ts';
import { forbidden, HttpError } from '../../http/errors.ts';
import { type Limit, takeFromHour } from '../../http/rate-limit.ts';
import { SUPPORT_CONTACT_FILE } from '../../support-lines.ts';
import { findByPhone, findById, toSessionUser } from '../accounts/index.ts';
import {
  acceptRequest,
  declineRequest,
  findBookings,
  markJobCompleted,
  openTimesFor,
  professionalReliability,
  proposeTime,
  slotStart,
} from '../bookings/index.ts';
import { ussdTexts } from '../notifications/index.ts';
import { sendMomoPrompt } from '../subscriptions/index.ts';
import {
  type Action,
  askScreen,
  completeMenu,
  declineMenu,
  draw,
  endScreen,
  figuresMenu,
  helpMenu,
  homeMenu,
  isFourDigits,
  type JobLine,
  jobMenu,
  jobsMenu,
  MAX_INPUT_CHARS,
  type Menu,
  type Next,
  pick,
  type Place,
  proposeDayMenu,
  proposeTimeMenu,
  renewMenu,
  requestMenu,
  type RequestLine,
  requestsMenu,
  type Screen,
  subscriptionMenu,
} from './menu.ts';
import { hashPin, newCode, pinMatches } from './pin-hash.ts';
import * as repo from './repo.ts';

/**
 * The phone menu's steps (docs/PRODUCT.md "The phone menu (USSD)"): the caller found by the
 * number the network gives, the PIN first, then the menu of menu.ts, each action through the same
 * service as the web's button (so the same rules, deadlines, limits and live events apply).
 */

/** A session ends this long after its last step (the gateways end theirs after 2 to 3 minutes). */
export const SESSION_MS = 3 * MINUTE_MS;
export const PIN_TRIES = 5;
export const LOCK_MS = 60 * MINUTE_MS;
export const CODE_TTL_MINUTES = 10;
export const CODE_TTL_MS = CODE_TTL_MINUTES * MINUTE_MS;
export const CODE_TRIES = 5;
/** Texts of a code to set the PIN, per account and day: the cap on what the menu can make us text. */
export const CODES_PER_DAY = 3;

/** Per number and hour: sessions started and steps answered (docs/PRODUCT.md "The phone menu (USSD)"). */
export const USSD_LIMITS = {
  sessionsByNumber: { name: 'ussd-sessions', perHour: 10, message: 'Too many sessions' },
  stepsByNumber: { name: 'ussd-steps', perHour: 120, message: 'Too many steps' },
} as const satisfies Record<string, Limit>;

export const USSD_WORDS = {
  unknown: (publicUrl: string) =>
    `This number has no professional account on ServiceConnect. Join at ${publicUrl}/signup or through an affiliate, with this phone's number.`,
  notProfessional: 'The phone menu is for professionals. Customers book on the web.',
  inactive: 'Your account is not active. Sign in on the web to see why, or call support.',
  ended: (code: string) => `This session ended after 3 minutes without an answer. Dial ${code} again.`,
  tooMany: 'Too many tries from this number in the last hour. Please dial again later.',
  askPin: 'Enter your 4-digit PIN.',
  wrongPin: (left: number) => `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left. Enter your 4-digit PIN.`,
  locked: (until: Date) => `Too many wrong PINs: the menu is locked until ${clockTime(until)} GMT. We texted you.`,
  codeSent: (name: string) => `Welcome ${name}. To set your PIN, enter the 6-digit code we just texted you.`,
  codeAgain: 'Enter the 6-digit code we texted you to set your PIN.',
  wrongCode: 'Wrong code. Enter the 6-digit code we texted you.',
  codeDead: (code: string) => `That code no longer works. Dial ${code} again for a new one.`,
  noMoreCodes: 'We sent 3 codes today. Dial again tomorrow, or set your PIN in Profile on the web.',
  choosePin: 'Choose a 4-digit PIN for this menu. Keep it secret.',
  repeatPin: 'Type the same PIN again.',
  pinsDiffer: 'The PINs differ. Choose a 4-digit PIN.',
  pinSet: 'PIN set.',
  notANumber: 'Choose a number from the list.',
  accepted: 'Accepted. The customer is told at once.',
  declined: 'Declined. The customer is told at once.',
  proposed: 'Time proposed. The customer is asked.',
  completed: 'Marked completed. The customer is asked to confirm.',
  renewing: (amountNote: string) => `${amountNote} Approve it with your mobile-money PIN.`,
  noNetwork: 'We do not know your mobile-money network: renew in Subscription on the web.',
} as const;

type Stage =
  | { stage: 'pin'; open: number | null }
  | { stage: 'code'; open: number | null }
  | { stage: 'newPin'; open: number | null }
  | { stage: 'repeatPin'; open: number | null; pinHash: string }
  | { stage: 'menu'; trail: Place[]; choices: Next[] };

/** One step as a gateway gives it, turned into the same words by its adapter (adapters.ts). */
export interface GatewayStep {
  /** The gateway and its session id. */
  sessionKey: string;
  phone: string;
  /** The gateway says this is the session's first step (Arkesel); null: decided by whether we know it (Africa's Talking). */
  fresh: boolean | null;
  /** What was typed: one answer, or (Africa's Talking) every answer so far joined by `*`. */
  typed: string;
  /** Whether `typed` holds every answer so far (else it may, and is read both ways: answerTyped). */
  cumulative: boolean;
  /** A request's number dialled with the code (*920*55*12#), on the first step. */
  dialled: string | null;
}

type UssdDeps = AppDeps & { config: Config & { ussd: UssdConfig } };

let supportLine: string | null = null;
/** The support phone line people are sent to (content/support/contact.json), read once. */
function supportPhone(): string {
  if (supportLine) return supportLine;
  try {
    const contact = JSON.parse(readFileSync(SUPPORT_CONTACT_FILE, 'utf8')) as { phone?: { value?: unknown } };
    const value = contact.phone?.value;
    supportLine = typeof value === 'string' && value.length <= 30 ? value : 'the number on our Support page';
  } catch {
    supportLine = 'the number on our Support page';
  }
  return supportLine;
}

/** What a number dialled with the code names: a request's number, or nothing. */
const requestNumber = (dialled: string | null): number | null =>
  dialled && /^\d{1,9}$/.test(dialled) ? Number(dialled) : null;

/** Answers one step of a session: the screen to show, and the session's state kept for the next. */
export async function answerStep(deps: UssdDeps, step: GatewayStep): Promise<Screen> {
  const { db, clock } = deps;
  const now = clock.now();
  const code = deps.config.ussd.dialCode;
  const phone = toE164(step.phone.replace(/^233/, '+233'));
  const row = await repo.findSession(db, step.sessionKey);
  const fresh = step.fresh ?? !row;
  if (!fresh && (!row || new Date(row.expires_at) <= now)) return endScreen(USSD_WORDS.ended(code));
  if (!phone || (row && row.phone !== phone)) return endScreen(USSD_WORDS.unknown(deps.config.publicUrl));
  if (!(await takeFromHour(db, USSD_LIMITS.stepsByNumber, phone, now))) return endScreen(USSD_WORDS.tooMany);

  if (fresh) {
    if (!(await takeFromHour(db, USSD_LIMITS.sessionsByNumber, phone, now))) return endScreen(USSD_WORDS.tooMany);
    await repo.deleteOldSessions(db, now);
    const user = await findByPhone(db, phone);
    const refusal = refuseCaller(deps, user);
    if (refusal) return refusal;
    const open = requestNumber(step.dialled ?? (step.cumulative ? step.typed : null));
    const { screen, state } = await firstScreen(deps, user!, open);
    await repo.startSession(db, {
      session_key: step.sessionKey,
      phone,
      user_id: user!.id,
      state,
      seen_text: step.cumulative ? step.typed : '',
      created_at: now,
      expires_at: addTime(now, { ms: SESSION_MS }),
    });
    return screen;
  }

  const user = await findById(db, Number(row!.user_id));
  const refusal = refuseCaller(deps, user);
  if (refusal) return refusal;
  const seen = row!.seen_text;
  const input = step.cumulative ? latestAnswer(seen, step.typed) : answerTyped(seen, step.typed);
  const state = repo.sessionState<Stage>(row!);
  const { screen, state: next } =
    input.length > MAX_INPUT_CHARS
      ? await redraw(deps, user!, state, USSD_WORDS.notANumber)
      : await nextScreen(deps, user!, state, input.trim());
  await repo.saveSession(db, step.sessionKey, {
    state: next,
    seen_text: step.cumulative ? step.typed : seen === '' ? input : `${seen}*${input}`,
    expires_at: addTime(now, { ms: SESSION_MS }),
  });
  return screen;
}

/**
 * The answer typed this step where the gateway says it gives the one answer (Arkesel): read as
 * every answer so far when it starts with them, which is how some integrations read its `userData`
 * (adapters.ts). The answers themselves are digits, so one never starts with the earlier ones and `*`.
 */
function answerTyped(seen: string, typed: string): string {
  return seen !== '' && typed.startsWith(`${seen}*`) ? typed.slice(seen.length + 1) : typed;
}

/** The answer typed this step, from every answer so far (Africa's Talking joins them with `*`). */
function latestAnswer(seen: string, typed: string): string {
  if (seen === '' || !typed.startsWith(`${seen}*`)) return typed.slice(typed.lastIndexOf('*') + 1);
  return typed.slice(seen.length + 1);
}

/** No menu for a number without an active professional's account: one END screen, nothing sent. */
function refuseCaller(deps: UssdDeps, user: UserRow | undefined): Screen | null {
  if (!user || user.deleted_at) return endScreen(USSD_WORDS.unknown(deps.config.publicUrl));
  if (user.user_type !== 'professional') return endScreen(USSD_WORDS.notProfessional);
  if (user.status !== 'active') return endScreen(USSD_WORDS.inactive);
  return null;
}

interface Stepped {
  screen: Screen;
  state: Stage;
}

/** The first screen: the PIN, or (no PIN yet) a code texted to set one. */
async function firstScreen(deps: UssdDeps, user: UserRow, open: number | null): Promise<Stepped> {
  const now = deps.clock.now();
  const pin = await repo.findPin(deps.db, Number(user.id));
  if (pin?.locked_until && new Date(pin.locked_until) > now) {
    return { screen: endScreen(USSD_WORDS.locked(new Date(pin.locked_until))), state: { stage: 'pin', open } };
  }
  if (pin?.pin_hash) return { screen: askScreen(USSD_WORDS.askPin), state: { stage: 'pin', open } };
  return sendSetupCode(deps, user, open);
}

async function sendSetupCode(deps: UssdDeps, user: UserRow, open: number | null): Promise<Stepped> {
  const { db } = deps;
  const now = deps.clock.now();
  const userId = Number(user.id);
  await repo.ensurePinRow(db, userId, now);
  const pin = (await repo.findPin(db, userId))!;
  // A code still good and sent in the last few minutes is asked for again, not texted twice.
  if (pin.code_hash && pin.code_expires_at && timeBetween(now, pin.code_expires_at) > CODE_TTL_MS / 2) {
    return { screen: askScreen(USSD_WORDS.codeAgain), state: { stage: 'code', open } };
  }
  const newDay = !pin.codes_since || timeBetween(pin.codes_since, now) >= DAY_MS;
  const sentToday = newDay ? 0 : pin.codes_sent;
  if (sentToday >= CODES_PER_DAY) return { screen: endScreen(USSD_WORDS.noMoreCodes), state: { stage: 'code', open } };
  const code = newCode();
  await db.transaction(async (trx) => {
    await repo.startCode(
      trx,
      userId,
      {
        hash: codeHash(userId, code),
        expiresAt: addTime(now, { ms: CODE_TTL_MS }),
        sentToday: sentToday + 1,
        since: newDay ? now : pin.codes_since!,
      },
      now,
    );
    await deps.notifier.sendText(user.phone, ussdTexts.pinCode(code, CODE_TTL_MINUTES), trx, {
      oneChannel: true,
    });
  });
  return { screen: askScreen(USSD_WORDS.codeSent(user.first_name.slice(0, 20))), state: { stage: 'code', open } };
}

/** A code's hash, tied to its account (a code is 6 digits: its tries are what keep it, not the hash). */
const codeHash = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

async function nextScreen(deps: UssdDeps, user: UserRow, state: Stage, input: string): Promise<Stepped> {
  const { db } = deps;
  const now = deps.clock.now();
  const userId = Number(user.id);
  switch (state.stage) {
    case 'pin': {
      const pin = await repo.findPin(db, userId);
      if (pin?.locked_until && new Date(pin.locked_until) > now)
        return { screen: endScreen(USSD_WORDS.locked(new Date(pin.locked_until))), state };
      if (isFourDigits(input) && (await pinMatches(pin?.pin_hash ?? null, input))) {
        await repo.rightPin(db, userId, now);
        return openMenu(deps, user, state.open);
      }
      return wrongPin(deps, user, state);
    }
    case 'code': {
      const pin = await repo.findPin(db, userId);
      if (!pin?.code_hash || !pin.code_expires_at || new Date(pin.code_expires_at) <= now)
        return { screen: endScreen(USSD_WORDS.codeDead(deps.config.ussd.dialCode)), state };
      if (/^\d{6}$/.test(input) && codeHash(userId, input) === pin.code_hash) {
        await repo.dropCode(db, userId, now);
        return { screen: askScreen(USSD_WORDS.choosePin), state: { stage: 'newPin', open: state.open } };
      }
      if ((await repo.countWrongTry(db, userId, 'code_tries', now)) >= CODE_TRIES) {
        await repo.dropCode(db, userId, now);
        return { screen: endScreen(USSD_WORDS.codeDead(deps.config.ussd.dialCode)), state };
      }
      return { screen: askScreen(USSD_WORDS.wrongCode), state };
    }
    case 'newPin':
      if (!isFourDigits(input)) return { screen: askScreen(USSD_WORDS.choosePin), state };
      return {
        screen: askScreen(USSD_WORDS.repeatPin),
        state: { stage: 'repeatPin', open: state.open, pinHash: await hashPin(input) },
      };
    case 'repeatPin':
      if (!isFourDigits(input) || !(await pinMatches(state.pinHash, input)))
        return { screen: askScreen(USSD_WORDS.pinsDiffer), state: { stage: 'newPin', open: state.open } };
      await repo.setPin(db, userId, state.pinHash, now);
      return openMenu(deps, user, state.open, USSD_WORDS.pinSet);
    case 'menu':
      return menuStep(deps, user, state, input);
  }
}

async function wrongPin(deps: UssdDeps, user: UserRow, state: Stage): Promise<Stepped> {
  const now = deps.clock.now();
  const userId = Number(user.id);
  const tries = await repo.countWrongTry(deps.db, userId, 'wrong_tries', now);
  if (tries < PIN_TRIES) return { screen: askScreen(USSD_WORDS.wrongPin(PIN_TRIES - tries)), state };
  const until = addTime(now, { ms: LOCK_MS });
  // Locked once, and the owner texted once, however many wrong tries arrive together.
  await deps.db.transaction(async (trx) => {
    if (await repo.lockPin(trx, userId, until, PIN_TRIES, now))
      await deps.notifier.sendText(user.phone, ussdTexts.locked(until), trx);
  });
  return { screen: endScreen(USSD_WORDS.locked(until)), state };
}

/** After the PIN: home, or the request the code was dialled with (if it is this professional's). */
async function openMenu(deps: UssdDeps, user: UserRow, open: number | null, note?: string): Promise<Stepped> {
  const trail: Place[] = [{ at: 'home' }];
  if (open !== null && (await requestLine(deps, user, open))) trail.push({ at: 'request', id: open });
  return show(deps, user, trail, note);
}

async function show(deps: UssdDeps, user: UserRow, trail: Place[], note?: string): Promise<Stepped> {
  const place = trail.at(-1)!;
  const menu = await menuAt(deps, user, place);
  return {
    screen: draw(menu, { top: trail.length === 1, note }),
    state: { stage: 'menu', trail, choices: menu.choices.map((c) => c.next) },
  };
}

/** The current screen again, with a note above it (an answer that was no choice). */
async function redraw(deps: UssdDeps, user: UserRow, state: Stage, note: string): Promise<Stepped> {
  if (state.stage !== 'menu') return { screen: askScreen(`${note} ${USSD_WORDS.askPin}`), state };
  return show(deps, user, state.trail, note);
}

async function menuStep(
  deps: UssdDeps,
  user: UserRow,
  state: Extract<Stage, { stage: 'menu' }>,
  input: string,
): Promise<Stepped> {
  const picked = pick(state.choices, input);
  if (picked === 'home') return show(deps, user, [{ at: 'home' }]);
  if (picked === 'back') return show(deps, user, state.trail.length > 1 ? state.trail.slice(0, -1) : state.trail);
  if (picked === 'invalid') return show(deps, user, state.trail, USSD_WORDS.notANumber);
  if ('go' in picked.next) return show(deps, user, [...state.trail, picked.next.go]);
  return { screen: await act(deps, user, picked.next.act), state };
}

/** A choice that does something: through the web's own service; its refusal's words are the screen. */
async function act(deps: UssdDeps, user: UserRow, action: Action): Promise<Screen> {
  const who: SessionUser = toSessionUser(user);
  try {
    switch (action.do) {
      case 'accept':
        await acceptRequest(deps, who, action.id);
        return endScreen(USSD_WORDS.accepted);
      case 'decline':
        await declineRequest(deps, who, action.id);
        return endScreen(USSD_WORDS.declined);
      case 'propose':
        await proposeTime(deps, who, action.id, { date: action.date, time: action.time });
        return endScreen(USSD_WORDS.proposed);
      case 'complete':
        await markJobCompleted(deps, who, action.id);
        return endScreen(USSD_WORDS.completed);
      case 'renew': {
        const network = user.momo_network ?? networkByPrefix(user.phone);
        if (!network) return endScreen(USSD_WORDS.noNetwork);
        const answer = await sendMomoPrompt(deps, Number(user.id), {
          months: action.months,
          provider: network,
          phone: user.phone,
        });
        return endScreen(answer.status === 'failed' ? answer.message : USSD_WORDS.renewing(answer.message));
      }
    }
  } catch (err) {
    if (err instanceof HttpError) return endScreen(err.message);
    throw err;
  }
}

/** A pending request of this professional's, still waiting for an answer. */
async function requestLine(deps: UssdDeps, user: UserRow, id: number): Promise<RequestLine | null> {
  const [b] = await findBookings(deps.db, Number(user.id), { id });
  const now = deps.clock.now();
  if (!b || b.professionalId !== Number(user.id) || b.status !== 'pending') return null;
  if (b.answerBy && new Date(b.answerBy) <= now) return null;
  return line(b);
}

const line = (b: Awaited<ReturnType<typeof findBookings>>[number]): RequestLine => ({
  id: b.id,
  service: b.service,
  date: b.date,
  time: b.time,
  area: b.location,
  customerFirstName: b.customerName,
  answerBy: b.answerBy ? new Date(b.answerBy) : null,
});

async function pendingRequests(deps: UssdDeps, user: UserRow): Promise<RequestLine[]> {
  const now = deps.clock.now();
  const pending = await findBookings(deps.db, Number(user.id), { status: 'pending' });
  return pending
    .filter((b) => b.professionalId === Number(user.id) && (!b.answerBy || new Date(b.answerBy) > now))
    .sort((a, b) => (a.answerBy ?? '').localeCompare(b.answerBy ?? ''))
    .map(line);
}

/** Confirmed jobs from today on, soonest first. */
async function comingJobs(deps: UssdDeps, user: UserRow): Promise<JobLine[]> {
  const now = deps.clock.now();
  const today = startOfDay(now);
  const confirmed = await findBookings(deps.db, Number(user.id), { status: 'confirmed' });
  return confirmed
    .filter((b) => b.professionalId === Number(user.id) && slotStart(b.date, b.time)! >= today)
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))
    .map((b) => ({
      ...line(b),
      customerPhone: b.contactPhone ?? '',
      started: slotStart(b.date, b.time)! <= now,
    }));
}

const gone = (title: string): Menu => ({ title, choices: [] });

async function menuAt(deps: UssdDeps, user: UserRow, place: Place): Promise<Menu> {
  const now = deps.clock.now();
  switch (place.at) {
    case 'home': {
      const [requests, jobs] = await Promise.all([pendingRequests(deps, user), comingJobs(deps, user)]);
      return homeMenu({ firstName: user.first_name, requests: requests.length, jobs: jobs.length });
    }
    case 'requests':
      return requestsMenu(await pendingRequests(deps, user));
    case 'request':
    case 'decline': {
      const r = await requestLine(deps, user, place.id);
      if (!r) return gone('This request is no longer waiting for an answer.');
      return place.at === 'request' ? requestMenu(r) : declineMenu(r);
    }
    case 'proposeDay': {
      if (!(await requestLine(deps, user, place.id))) return gone('This request is no longer waiting for an answer.');
      return proposeDayMenu(place.id, await openTimesFor(deps, toSessionUser(user), place.id));
    }
    case 'proposeTime': {
      const days = await openTimesFor(deps, toSessionUser(user), place.id);
      return proposeTimeMenu(place.id, place.date, days.find((d) => d.date === place.date)?.times ?? []);
    }
    case 'jobs':
      return jobsMenu(await comingJobs(deps, user));
    case 'job':
    case 'complete': {
      const job = (await comingJobs(deps, user)).find((j) => j.id === place.id);
      if (!job) return gone('This job is no longer confirmed.');
      return place.at === 'job' ? jobMenu(job) : completeMenu(job);
    }
    case 'subscription': {
      const profile = await repo.listing(deps.db, Number(user.id));
      return subscriptionMenu(profile?.paid_until ? new Date(profile.paid_until) : null, now);
    }
    case 'renew':
      return renewMenu();
    case 'figures': {
      const profile = await repo.listing(deps.db, Number(user.id));
      const reviews = Number(profile?.review_count ?? 0);
      const reliability = (await professionalReliability(deps.db, [Number(user.id)], now)).get(Number(user.id))!;
      return figuresMenu({
        rating: reviews > 0 ? Math.round((Number(profile!.rating_total) / reviews) * 10) / 10 : null,
        reviews,
        kept: reliability.kept,
        jobs: reliability.jobs,
      });
    }
    case 'help':
      return helpMenu(supportPhone());
  }
}

/** Whether the professional has set a PIN for the phone menu (one signed up by an affiliate sets it on first dial). */
export async function hasUssdPin(deps: Pick<AppDeps, 'db'>, userId: number): Promise<boolean> {
  return !!(await repo.findPin(deps.db, userId))?.pin_hash;
}

/** PUT /api/ussd/pin: a professional sets or changes the PIN from the web (signed in: no code needed). */
export async function changePin(deps: Pick<AppDeps, 'db' | 'clock'>, user: SessionUser, pin: string): Promise<string> {
  if (user.userType !== 'professional') throw forbidden(USSD_PIN_MESSAGES.notProfessional);
  await repo.setPin(deps.db, user.id, await hashPin(pin), deps.clock.now());
  return USSD_PIN_MESSAGES.changed;
}
