import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../../contract/dates.ts';
import {
  ACCOUNT_CODES_PER_DAY,
  MOMO_MESSAGES,
  NUMBER_CODE_LIMIT_MESSAGES,
  NUMBER_CODES_PER_DAY,
  MOMO_PROMPT_TTL_MS,
  NUMBER_CODE_TRIES,
  NUMBER_CODE_TTL_MS,
  NUMBER_PROOF_DAYS,
} from '../../../../contract/momo.ts';
import { bearer } from '../../../test/accounts.ts';
import { type FakePaystack, signUpAndPayAtPaystack, startTestAppWithPaystack } from '../../../test/fake-paystack.ts';
import { TEST_START, type TestApp, useTestApp } from '../../../test/harness.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { startFakeMessaging } from '../../../test/fake-messaging.ts';
import { createLogger } from '../../logger.ts';
import { deliverNotifications, RETRY_DELAYS_MS } from '../../providers/notifier.ts';
import { arkeselSmsTransport } from '../../providers/sms.ts';
import { whatsappTransport } from '../../providers/whatsapp.ts';

// A prompt asks whoever holds the phone to pay, so a number typed on the
// dashboard could make a stranger pay the caller's subscription (a push-payment scam). Prompts go
// to the account's own number, or to another once its owner typed back a code texted to it; the
// prompt says whose subscription it pays. Item 9: only a request that sends a prompt (or a code)
// counts against the hourly limits, so refused requests naming a number never lock its owner out.
describe('whose phone a mobile-money prompt may ring', () => {
  let app: TestApp;
  let paystack: FakePaystack;
  useTestApp(async () => ({ app, paystack } = await startTestAppWithPaystack()));

  let serial = 0;
  /** A customer whose first month was paid at Paystack, on a number of their own (055…). */
  async function subscriber() {
    const phone = `0557${String(process.pid % 1000).padStart(3, '0')}${String(serial++).padStart(3, '0')}`;
    const { userId, token } = await signUpAndPayAtPaystack(app, paystack, { phone });
    const post = (path: string, json: unknown) => app.request(path, { method: 'POST', json, headers: bearer(token) });
    return {
      userId,
      phone,
      prompt: (json: Record<string, unknown>) => post('/api/subscription/momo', json),
      askCode: (number: string) => post('/api/subscription/momo/numbers', { phone: number }),
      confirm: (number: string, code: unknown) =>
        post('/api/subscription/momo/numbers/confirm', { phone: number, code }),
    };
  }
  const e164 = (local: string) => `+233${local.slice(1)}`;
  const textsTo = (local: string) =>
    app
      .db('notifications')
      .where({ recipient: e164(local), channel: 'sms' })
      .orderBy('id')
      .select('body');
  const codeIn = (body: string) => /code (\d{6})/.exec(body)![1];

  it("rings the account's own number, never a number nobody proved, and says whose subscription it pays", async () => {
    app.clock.set(TEST_START);
    const ama = await subscriber();
    const stranger = await subscriber();
    const before = paystack.momoCharges.length;
    for (const phone of [stranger.phone, e164(stranger.phone), '0241234567']) {
      const refused = await ama.prompt({ phone, provider: 'mtn' });
      expect(refused.status, phone).toBe(403);
      expect(refused.body).toMatchObject({ message: MOMO_MESSAGES.unprovenNumber, code: 'number_unproven' });
    }
    expect(paystack.momoCharges.length).toBe(before);

    // Her own number, typed or not: rung, with whose subscription it pays.
    const own = await ama.prompt({ phone: ama.phone, provider: 'mtn' });
    expect(own.status).toBe(200);
    const charged = paystack.momoCharges.at(-1)!;
    expect(charged.mobile_money.phone).toBe(ama.phone);
    const description = `ServiceConnect Ghana: 1 month of the Customer plan for the account of ${ama.phone.slice(0, 3)}…${ama.phone.slice(-3)}`;
    expect(charged.metadata).toMatchObject({
      description,
      custom_fields: [{ display_name: 'Pays for', variable_name: 'pays_for', value: description }],
    });
  });

  it('rings another number once its owner typed back the texted code, for 90 days', async () => {
    app.clock.set(TEST_START);
    const kofi = await subscriber();
    const friend = '0271234500';

    const asked = await kofi.askCode(friend);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ proven: false, message: expect.stringContaining('027…500') });
    const [sms] = await textsTo(friend);
    // The text names the asking account by its masked number only: no name anyone typed.
    expect(sms.body).toMatch(
      /^ServiceConnect: code \d{6} lets account 055\.\.\.\d{3} send payment prompts to this phone\. Share it only if you agree to pay for them\.$/,
    );
    expect(sms.body.length).toBeLessThanOrEqual(160);
    const code = codeIn(sms.body);
    expect(JSON.stringify(await app.db('momo_numbers').where({ user_id: kofi.userId }))).not.toContain(code);

    // Refused before it is proved; a wrong code is counted, the right one proves the number.
    expect((await kofi.prompt({ phone: friend, provider: 'atl' })).status).toBe(403);
    const wrong = await kofi.confirm(friend, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MOMO_MESSAGES.wrongCode);
    expect((await kofi.confirm(friend, '12')).status).toBe(400);
    const right = await kofi.confirm(friend, code);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ proven: true });
    const sent = await kofi.prompt({ phone: friend, provider: 'atl' });
    expect(sent.status).toBe(200);
    expect(paystack.momoCharges.at(-1)!.mobile_money.phone).toBe(friend);
    // Proved already: no second code is texted.
    expect((await kofi.askCode(friend)).body.proven).toBe(true);
    expect(await textsTo(friend)).toHaveLength(1);

    // Another account gains nothing from Kofi's proof.
    const other = await subscriber();
    expect((await other.prompt({ phone: friend, provider: 'atl' })).status).toBe(403);

    // The proof lapses after 90 days (moved back in time: a session would not last that long).
    await app
      .db('momo_numbers')
      .where({ user_id: kofi.userId })
      .update({ proven_at: new Date(TEST_START.getTime() - NUMBER_PROOF_DAYS * DAY_MS) });
    app.clock.advance(MOMO_PROMPT_TTL_MS + 1000); // the prompt just sent is over
    expect((await kofi.prompt({ phone: friend, provider: 'atl' })).status).toBe(403);
  });

  it('a code lasts 10 minutes and 5 tries', async () => {
    app.clock.set(TEST_START);
    const esi = await subscriber();
    const number = '0201234599';
    await esi.askCode(number);
    const code = codeIn((await textsTo(number)).at(-1)!.body);
    app.clock.advance(NUMBER_CODE_TTL_MS + 1000);
    const late = await esi.confirm(number, code);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(MOMO_MESSAGES.codeGone);

    await esi.askCode(number);
    const fresh = codeIn((await textsTo(number)).at(-1)!.body);
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < NUMBER_CODE_TRIES; i++) expect((await esi.confirm(number, wrong)).status).toBe(400);
    expect((await esi.confirm(number, fresh)).status).toBe(410);
    expect((await esi.prompt({ phone: number, provider: 'vod' })).status).toBe(403);
    // Its own number needs no code; a number never asked about has none to type.
    expect((await esi.askCode(esi.phone)).body).toMatchObject({ proven: true });
    expect(await textsTo(esi.phone)).toHaveLength(0);
    expect((await esi.confirm('0241230000', '123456')).status).toBe(410);
  });

  it('codes are limited per account and per number, counting only codes sent', async () => {
    app.clock.set(TEST_START);
    const yaw = await subscriber();
    const abena = await subscriber();
    const target = '0501112200';
    for (let i = 0; i < LIMITS.momoCodesByPhone.perHour; i++) expect((await yaw.askCode(target)).status).toBe(200);
    const tooMany = await abena.askCode(target);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(LIMITS.momoCodesByPhone.message);
    expect(await textsTo(target)).toHaveLength(LIMITS.momoCodesByPhone.perHour);
    // Refused requests (a bad number, its own number) count for nothing.
    for (let i = 0; i < 10; i++) expect((await abena.askCode('12345')).status).toBe(400);
    for (let i = 0; i < LIMITS.momoCodesByAccount.perHour; i++)
      expect((await abena.askCode(`05011123${String(i).padStart(2, '0')}`)).status).toBe(200);
    expect((await abena.askCode('0501112399')).status).toBe(429);
  });

  it('refused prompt requests naming a number never lock its owner out; sent prompts are limited', async () => {
    app.clock.set(TEST_START);
    const victim = await subscriber();
    const caller = await subscriber();
    // Ten requests naming the victim's number, each refused (an unknown network, a length not
    // sold): none rings, none counts against the number or the caller.
    for (const json of [
      ...Array.from({ length: 5 }, () => ({ phone: victim.phone, provider: 'orange' })),
      ...Array.from({ length: 5 }, () => ({ phone: victim.phone, provider: 'mtn', months: 2 })),
    ]) {
      expect((await caller.prompt(json)).status).toBe(400);
    }
    const own = await victim.prompt({ provider: 'mtn' });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('pay_offline');
    // Nor do requests refused because the number is not the caller's to ring.
    for (let i = 0; i < 10; i++)
      expect((await caller.prompt({ phone: victim.phone, provider: 'mtn' })).status).toBe(403);
    // A repeated tap on the open prompt sends nothing and counts nothing.
    for (let i = 0; i < 3; i++)
      expect((await victim.prompt({ provider: 'mtn' })).body.reference).toBe(own.body.reference);

    // Only prompts actually sent count: the victim's hour allows LIMITS.momoPromptsByAccount of them.
    for (let i = 1; i < LIMITS.momoPromptsByAccount.perHour; i++) {
      app.clock.advance(MOMO_PROMPT_TTL_MS + 1000); // the last one expired unanswered
      expect((await victim.prompt({ provider: 'mtn' })).status).toBe(200);
    }
    app.clock.advance(MOMO_PROMPT_TTL_MS + 1000);
    const limited = await victim.prompt({ provider: 'mtn' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(LIMITS.momoPromptsByAccount.message);
    // The caller's own account was never charged a count by its refused requests.
    expect((await caller.prompt({ provider: 'mtn' })).status).toBe(200);
  });
  it('a code is one text: by SMS, and by WhatsApp only when the SMS failed for good', async () => {
    app.clock.set(TEST_START);
    const fake = await startFakeMessaging();
    try {
      const transports = {
        sms: arkeselSmsTransport({ apiBase: fake.base, apiKey: fake.apiKey, senderId: 'SrvConnect' }),
        whatsapp: whatsappTransport({
          apiBase: fake.base,
          apiVersion: 'v21.0',
          phoneNumberId: fake.phoneNumberId,
          accessToken: fake.accessToken,
          template: 'service_update',
          language: 'en',
        }),
      };
      const deliver = () =>
        deliverNotifications({ db: app.db, clock: app.clock, logger: createLogger('silent'), transports });
      const kwame = await subscriber();
      // Only this test's texts go through the gateway (its failures are counted per request).
      await app.db('notifications').where({ status: 'pending' }).update({ status: 'skipped' });
      const rowsTo = (local: string) =>
        app
          .db('notifications')
          .where({ recipient: e164(local) })
          .orderBy('id')
          .select('channel', 'status');

      expect((await kwame.askCode('0241112233')).status).toBe(200);
      await deliver();
      expect(fake.sms.filter((m) => m.recipients.includes('233241112233'))).toHaveLength(1);
      expect(fake.whatsapp.filter((m) => m.to === '233241112233')).toHaveLength(0);
      expect(await rowsTo('0241112233')).toEqual([
        { channel: 'sms', status: 'sent' },
        { channel: 'whatsapp', status: 'skipped' },
      ]);

      // The gateway refuses every try: after the last retry the code goes by WhatsApp, once.
      expect((await kwame.askCode('0241112244')).status).toBe(200);
      fake.failNext(503, RETRY_DELAYS_MS.length + 1);
      await deliver();
      for (const delay of RETRY_DELAYS_MS) {
        expect(fake.whatsapp.filter((m) => m.to === '233241112244')).toHaveLength(0);
        app.clock.advance(delay);
        await deliver();
      }
      await deliver(); // the worker's next look: the fallback became due as the SMS failed
      expect(fake.whatsapp.filter((m) => m.to === '233241112244')).toHaveLength(1);
      expect(await rowsTo('0241112244')).toEqual([
        { channel: 'sms', status: 'failed' },
        { channel: 'whatsapp', status: 'sent' },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('a number gets a few codes a day across all accounts; an account asks a few a day', async () => {
    app.clock.set(TEST_START);
    const target = '0261230001';
    const askers = [];
    for (let i = 0; i <= NUMBER_CODES_PER_DAY; i++) askers.push(await subscriber());
    for (let i = 0; i < NUMBER_CODES_PER_DAY; i++) {
      // A new hour every few codes: the day's cap is what stops them, not the hour's.
      if (i > 0 && i % LIMITS.momoCodesByPhone.perHour === 0) app.clock.advance(HOUR_MS + 1000);
      expect((await askers[i].askCode(target)).status, `code ${i + 1}`).toBe(200);
    }
    app.clock.advance(HOUR_MS + 1000);
    const refused = await askers[NUMBER_CODES_PER_DAY].askCode(target);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(NUMBER_CODE_LIMIT_MESSAGES.numberToday);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    app.clock.advance(DAY_MS);
    expect((await askers[NUMBER_CODES_PER_DAY].askCode(target)).status).toBe(200);

    // One account: ACCOUNT_CODES_PER_DAY a day, to any numbers, however the hours fall.
    const busy = await subscriber();
    for (let i = 0; i < ACCOUNT_CODES_PER_DAY; i++) {
      if (i > 0 && i % LIMITS.momoCodesByAccount.perHour === 0) app.clock.advance(HOUR_MS + 1000);
      expect((await busy.askCode(`02612310${String(i).padStart(2, '0')}`)).status).toBe(200);
    }
    app.clock.advance(HOUR_MS + 1000);
    const tooMany = await busy.askCode('0261231099');
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(NUMBER_CODE_LIMIT_MESSAGES.accountToday);
  });

  it('codes asked for one number at the same moment by many accounts are counted one at a time', async () => {
    app.clock.set(TEST_START);
    const target = '0261230003';
    const askers = [];
    for (let i = 0; i < LIMITS.momoCodesByPhone.perHour + 5; i++) askers.push(await subscriber());
    const answers = await Promise.all(askers.map((asker) => asker.askCode(target)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.momoCodesByPhone.perHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await textsTo(target)).toHaveLength(LIMITS.momoCodesByPhone.perHour);
  });

  it("others' requests never use up the allowance of an account that proved the number before", async () => {
    app.clock.set(TEST_START);
    const owner = await subscriber();
    const number = '0271230002';
    expect((await owner.askCode(number)).status).toBe(200);
    expect((await owner.confirm(number, codeIn((await textsTo(number)).at(-1)!.body))).status).toBe(200);
    // Its proof lapses; meanwhile strangers use up the number's hour, then its day.
    app.clock.advance(HOUR_MS + 1000);
    await app
      .db('momo_numbers')
      .where({ user_id: owner.userId })
      .update({ proven_at: new Date(TEST_START.getTime() - NUMBER_PROOF_DAYS * DAY_MS) });
    const strangers = [];
    for (let i = 0; i < NUMBER_CODES_PER_DAY; i++) strangers.push(await subscriber());
    for (let i = 0; i < LIMITS.momoCodesByPhone.perHour; i++)
      expect((await strangers[i].askCode(number)).status).toBe(200);
    expect((await strangers[LIMITS.momoCodesByPhone.perHour].askCode(number)).status).toBe(429);
    const again = await owner.askCode(number);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ proven: false });
    expect((await owner.confirm(number, codeIn((await textsTo(number)).at(-1)!.body))).status).toBe(200);
  });
});
