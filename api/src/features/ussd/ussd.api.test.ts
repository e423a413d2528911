import { describe, expect, it } from 'vitest';
import { bearer, listedProfessional, makeRoomForBooking, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { lastText, USSD_CODE, USSD_SECRET, ussdEnv, ussdPhone } from '../../../test/ussd-gateway.ts';
import { USSD_WORDS } from './service.ts';

// docs/PRODUCT.md "The phone menu (USSD)". The test clock starts on Sunday 22 November 2026 at 09:00 GMT.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const PIN = '4821';

const GATEWAYS = [
  { provider: 'africastalking', name: 'africastalking', everyAnswer: false },
  { provider: 'arkesel', name: 'arkesel', everyAnswer: false },
  // Whether Arkesel's userData after the first step is the one answer or all of them is read both ways.
  { provider: 'arkesel', name: 'arkesel, sending every answer so far', everyAnswer: true },
] as const;

for (const { provider, name, everyAnswer } of GATEWAYS) {
  describe(`the phone menu through ${name}`, () => {
    let app: TestApp;
    let customer: Awaited<ReturnType<typeof signUpAndPay>>;
    let pro: Awaited<ReturnType<typeof listedProfessional>>;
    let phone: ReturnType<typeof ussdPhone>;
    useTestApp(async () => {
      app = await startTestApp({ env: ussdEnv(provider) });
      customer = await signUpAndPay(app, { localAddress: 'Asokwa, Kumasi' });
      pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kojo', lastName: 'Pipes' });
      phone = ussdPhone(app, provider, pro.user.phone, { everyAnswer });
      return app;
    });

    const book = async (date: string, time: string) => {
      await makeRoomForBooking(app, customer.userId);
      const res = await app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId: pro.userId, date, time, description: 'Leaking kitchen tap' },
        headers: bearer(customer.token),
      });
      expect(res.status).toBe(201);
      return res.body.booking.id as number;
    };
    const status = async (id: number) => (await app.db('bookings').where({ id }).first('status'))!.status;
    const setPin = (pin = PIN) =>
      app.request('/api/ussd/pin', { method: 'PUT', json: { pin, repeat: pin }, headers: bearer(pro.token) });

    it('answers a wrong or missing secret with a 404 and nothing else', async () => {
      const before = await app.db('ussd_sessions').count({ n: '*' }).first();
      expect((await phone.dial(undefined, 'not-the-secret')).status).toBe(404);
      expect((await phone.dial(undefined, `${USSD_SECRET}x`)).status).toBe(404);
      const bare = await app.request(`/api/ussd/${provider}`, { method: 'POST', json: {} });
      expect(bare.status).toBe(404);
      expect(await app.db('ussd_sessions').count({ n: '*' }).first()).toEqual(before);
    });

    it('gives a number with no account one END screen, and sends it nothing', async () => {
      const stranger = ussdPhone(app, provider, '+233209990001');
      const screen = await stranger.dial();
      expect(screen).toMatchObject({ status: 200, end: true });
      expect(screen.text).toContain('no professional account');
      expect(await lastText(app, '+233209990001')).toBe('');
    });

    it('gives a customer no menu either', async () => {
      const screen = await ussdPhone(app, provider, customer.user.phone).dial();
      expect(screen).toMatchObject({ end: true, text: USSD_WORDS.notProfessional });
    });

    it('sets the PIN on first dial: a code by text, the PIN chosen and repeated', async () => {
      await app.db('ussd_pins').where({ user_id: pro.userId }).delete();
      const first = await phone.dial();
      expect(first.end).toBe(false);
      expect(first.text).toContain('code we just texted');
      const code = /(\d{6}) is your code/.exec(await lastText(app, pro.user.phone))?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect((await phone.answer('000000')).text).toBe(USSD_WORDS.wrongCode);
      expect((await phone.answer(code!)).text).toBe(USSD_WORDS.choosePin);
      expect((await phone.answer('12ab')).text).toBe(USSD_WORDS.choosePin);
      expect((await phone.answer(PIN)).text).toBe(USSD_WORDS.repeatPin);
      expect((await phone.answer('1111')).text).toBe(USSD_WORDS.pinsDiffer);
      await phone.answer(PIN);
      const home = await phone.answer(PIN);
      expect(home.text).toMatch(/^PIN set\. ServiceConnect\. Hi Kojo\n1 New requests/);
      // The next session asks for the PIN, and sends no other code.
      const texts = await app.db('notifications').where({ recipient: pro.user.phone }).count({ n: '*' }).first();
      expect((await phone.dial()).text).toBe(USSD_WORDS.askPin);
      expect((await phone.answer(PIN)).text).toContain('1 New requests');
      expect(await app.db('notifications').where({ recipient: pro.user.phone }).count({ n: '*' }).first()).toEqual(
        texts,
      );
    });

    it('accepts a request through the same service as the web, which the customer sees', async () => {
      expect((await setPin()).status).toBe(200);
      const id = await book(MONDAY, '10:00');
      const home = await phone.signIn(PIN);
      expect(home.text).toContain('1 New requests (1)');
      const list = await phone.answer('1');
      expect(list.text).toContain('Mon 23 Nov 10:00 Plumber');
      const request = await phone.answer('1');
      expect(request.text).toContain('Plumber, Mon 23 Nov 10:00, Asokwa, Kumasi. Ama.');
      expect(request.text).toContain('1 Accept\n2 Decline\n3 Propose another time\n0 Back 00 Home');
      const done = await phone.answer('1');
      expect(done).toMatchObject({ end: true, text: USSD_WORDS.accepted });
      expect(await status(id)).toBe('confirmed');
      const seen = await app.request('/api/bookings', { headers: bearer(customer.token) });
      expect(seen.body.bookings.find((b: { id: number }) => b.id === id).status).toBe('confirmed');
      // A second accept of the same request gets the service's refusal in words.
      await phone.signIn(PIN, String(id));
    });

    it('declines only after asking, and goes back with 0 and home with 00', async () => {
      await setPin();
      const id = await book(MONDAY, '11:00');
      await phone.signIn(PIN);
      await phone.answer('1');
      await phone.answer('1');
      const ask = await phone.answer('2');
      expect(ask.text).toMatch(/^Decline Ama's request for Mon 23 Nov 11:00\?\n1 Yes, decline\n0 Back 00 Home$/);
      expect((await phone.answer('0')).text).toContain('1 Accept');
      expect((await phone.answer('00')).text).toContain('ServiceConnect. Hi Kojo');
      await phone.answer('1');
      await phone.answer('1');
      await phone.answer('2');
      expect(await phone.answer('1')).toMatchObject({ end: true, text: USSD_WORDS.declined });
      expect(await status(id)).toBe('cancelled');
    });

    it('opens a request directly when its number is dialled with the code', async () => {
      await setPin();
      const id = await book(TUESDAY, '10:00');
      const text = await lastText(app, pro.user.phone);
      expect(text).toBe(
        `New job: Plumber, Tue 24 Nov 10:00, Asokwa, Kumasi. Dial ${USSD_CODE.slice(0, -1)}*${id}# to answer`,
      );
      const request = await phone.signIn(PIN, String(id));
      expect(request.text).toContain('Plumber, Tue 24 Nov 10:00');
      // Someone else's request number opens home, not the request.
      const other = await phone.signIn(PIN, '999999');
      expect(other.text).toContain('ServiceConnect. Hi Kojo');
      await app.db('bookings').where({ id }).update({ status: 'cancelled' });
    });

    it("proposes another time from the professional's open times", async () => {
      await setPin();
      const id = await book(TUESDAY, '12:00');
      await phone.signIn(PIN, String(id));
      const days = await phone.answer('3');
      expect(days.text).toMatch(/^Propose which day\?\n1 Mon 23 Nov/);
      const times = await phone.answer('1');
      expect(times.text).toMatch(/^Propose which time on Mon 23 Nov\?\n1 \d\d:00/);
      expect(await phone.answer('1')).toMatchObject({ end: true, text: USSD_WORDS.proposed });
      expect(await app.db('booking_proposals').where({ booking_id: id, status: 'open' }).first()).toBeTruthy();
      await app.db('bookings').where({ id }).update({ status: 'cancelled' });
    });

    it("lists today's and coming jobs with the customer's number, and marks one completed once started", async () => {
      await setPin();
      const id = await book(MONDAY, '14:00');
      await app.request(`/api/bookings/${id}/accept`, { method: 'POST', headers: bearer(pro.token) });
      await phone.signIn(PIN);
      const jobs = await phone.answer('2');
      expect(jobs.text).toContain('Mon 23 Nov 14:00 Ama');
      const job = await phone.answer(String(jobs.text.split('\n').findIndex((l) => l.includes('14:00'))));
      expect(job.text).toContain(`call ${customer.user.phone.replace('+233', '0')}`);
      expect(job.text).not.toContain('Mark completed');
      app.clock.set(new Date(`${MONDAY}T15:00:00Z`));
      await phone.signIn(PIN);
      const list = await phone.answer('2');
      await phone.answer(String(list.text.split('\n').findIndex((l) => l.includes('14:00'))));
      expect((await phone.answer('1')).text).toContain('completed? The customer is asked to confirm.');
      expect(await phone.answer('1')).toMatchObject({ end: true, text: USSD_WORDS.completed });
      expect(await status(id)).toBe('completed');
    });

    it('shows the subscription and sends the renewal prompt to this phone', async () => {
      await setPin();
      await phone.signIn(PIN);
      const sub = await phone.answer('3');
      expect(sub.text).toMatch(/^Paid until \d+ \w+ 2026\.\n1 Renew/);
      const lengths = await phone.answer('1');
      expect(lengths.text).toContain('1 1 month\n2 3 months\n3 6 months\n4 12 months');
      const sent = await phone.answer('2');
      expect(sent.end).toBe(true);
      const payment = await app
        .db('payments')
        .where({ user_id: pro.userId, initiated_via: 'momo_prompt' })
        .orderBy('id', 'desc')
        .first('months', 'prompt_phone');
      expect(payment).toMatchObject({ months: 3, prompt_phone: pro.user.phone });
    });

    it('shows the figures and the help line', async () => {
      await setPin();
      await phone.signIn(PIN);
      expect((await phone.answer('4')).text).toMatch(
        /^No rating yet, 0 reviews\. Kept \d+ of \d+ jobs in 90 days\.\n0 Back 00 Home$/,
      );
      await phone.answer('00');
      expect((await phone.answer('5')).text).toContain('Help: call 030 000 0000');
    });

    it('answers letters, long input and choices out of range by asking again', async () => {
      await setPin();
      await phone.signIn(PIN);
      for (const input of ['abc', '9', '7', 'x'.repeat(150), '1*1', '']) {
        const screen = await phone.answer(input);
        expect(screen).toMatchObject({ status: 200, end: false });
        expect(screen.text).toMatch(/^Choose a number from the list\. ServiceConnect\. Hi Kojo/);
      }
    });

    it('ends a session after 3 minutes without an answer', async () => {
      await setPin();
      await phone.signIn(PIN);
      app.clock.set(new Date(app.clock.now().getTime() + 3 * 60_000 + 1000));
      expect(await phone.answer('1')).toMatchObject({ end: true, text: USSD_WORDS.ended(USSD_CODE) });
    });

    it('locks the menu for an hour after 5 wrong PINs, and texts the owner', async () => {
      await setPin();
      await phone.dial();
      for (let left = 4; left >= 1; left--) expect((await phone.answer('0000')).text).toBe(USSD_WORDS.wrongPin(left));
      const locked = await phone.answer('0000');
      expect(locked).toMatchObject({ end: true });
      expect(locked.text).toContain('locked until 10:00 GMT');
      expect(await lastText(app, pro.user.phone)).toContain('5 wrong PINs were typed in your phone menu');
      // The right PIN does not open it within the hour.
      expect((await phone.dial()).text).toContain('locked until 10:00 GMT');
      app.clock.set(new Date(app.clock.now().getTime() + 60 * 60_000));
      expect((await phone.signIn(PIN)).text).toContain('ServiceConnect. Hi Kojo');
    });
  });
}

describe('the phone menu, against the web and its limits', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof signUpAndPay>>;
  let pro: Awaited<ReturnType<typeof listedProfessional>>;
  useTestApp(async () => {
    app = await startTestApp({ env: ussdEnv('africastalking') });
    customer = await signUpAndPay(app);
    pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    await app.request('/api/ussd/pin', { method: 'PUT', json: { pin: PIN, repeat: PIN }, headers: bearer(pro.token) });
    return app;
  });

  it("shows in the professional's own data download: the PIN set, a wrong try and the session, never a hash", async () => {
    const phone = ussdPhone(app, 'africastalking', pro.user.phone);
    await phone.dial();
    expect((await phone.answer('0000')).text).toBe(USSD_WORDS.wrongPin(4));
    const data = (await app.request('/api/me/export', { headers: bearer(pro.token) })).body;
    expect(data.phoneMenu).toEqual({
      pinSet: true,
      pinChangedAt: expect.any(String),
      wrongPinsInARow: 1,
      lockedUntil: null,
      pinCodeTexts: { sent: 0, since: null },
      menuSessions: [
        { phone: expect.stringMatching(/^\+233\d{9}$/), startedAt: expect.any(String), endsAt: expect.any(String) },
      ],
    });
    expect(JSON.stringify(data)).not.toMatch(/scrypt|pin_hash|code_hash|seen_text/);
    // An account that never used the menu has nothing of it.
    expect((await app.request('/api/me/export', { headers: bearer(customer.token) })).body).not.toHaveProperty(
      'phoneMenu',
    );
  });

  it('lets exactly one of an accept by phone and a decline on the web win', async () => {
    for (const time of ['09:00', '10:00', '11:00', '12:00']) {
      await makeRoomForBooking(app, customer.userId);
      const made = await app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId: pro.userId, date: TUESDAY, time, description: 'Race' },
        headers: bearer(customer.token),
      });
      const id = made.body.booking.id as number;
      const phone = ussdPhone(app, 'africastalking', pro.user.phone);
      await phone.signIn(PIN, String(id));
      const [byPhone, byWeb] = await Promise.all([
        phone.answer('1'),
        app.request(`/api/bookings/${id}/decline`, { method: 'POST', json: {}, headers: bearer(pro.token) }),
      ]);
      const phoneWon = byPhone.text === USSD_WORDS.accepted;
      const webWon = byWeb.status === 200;
      expect(phoneWon !== webWon).toBe(true);
      const row = await app.db('bookings').where({ id }).first('status');
      expect(row!.status).toBe(phoneWon ? 'confirmed' : 'cancelled');
      if (!phoneWon) expect(byPhone).toMatchObject({ end: true, text: expect.stringContaining('cannot be accepted') });
    }
  });

  it('refuses the PIN change to a customer, and a PIN that is not 4 digits', async () => {
    const asCustomer = await app.request('/api/ussd/pin', {
      method: 'PUT',
      json: { pin: '1234', repeat: '1234' },
      headers: bearer(customer.token),
    });
    expect(asCustomer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const bad = await app.request('/api/ussd/pin', {
      method: 'PUT',
      json: { pin: '12a4', repeat: '12a4' },
      headers: bearer(pro.token),
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    const differ = await app.request('/api/ussd/pin', {
      method: 'PUT',
      json: { pin: '1234', repeat: '4321' },
      headers: bearer(pro.token),
    });
    expect(differ).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
  });

  it('starts at most 10 sessions an hour for one number', async () => {
    const stranger = ussdPhone(app, 'africastalking', '+233209990002');
    for (let i = 0; i < 10; i++) expect((await stranger.dial()).text).toContain('no professional account');
    expect((await stranger.dial()).text).toBe(USSD_WORDS.tooMany);
  });

  it('refuses a callback that is not a form, or too large, with a 4xx', async () => {
    const path = `/api/ussd/africastalking/${USSD_SECRET}`;
    const asJson = await app.request(path, { method: 'POST', json: { sessionId: 'x' } });
    expect(asJson.status).toBe(415);
    const huge = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `sessionId=a&phoneNumber=%2B233241234567&text=${'1'.repeat(9000)}`,
    });
    expect(huge.status).toBe(413);
    const noFields = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'hello',
    });
    expect(noFields).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
  });
});

describe('the phone menu without its settings', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('does not exist: the callback is a 404 like any unknown path', async () => {
    for (const provider of ['africastalking', 'arkesel']) {
      const res = await app.request(`/api/ussd/${provider}/${USSD_SECRET}`, { method: 'POST', json: {} });
      expect(res).toMatchObject({ status: 404, body: { code: 'not_found' } });
    }
  });
});
