import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAMS_PER_USER, eventStream, eventTicket } from '../../../../contract/events.ts';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { StreamReader } from '../../../test/event-stream.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

// One Server-Sent Events stream per signed-in tab, opened with a single-use ticket;
// events written by the database in the change's transaction, replayed from it after a reconnect.
const MONDAY = '2026-11-23';

describe('live updates', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof signUpAndPay>>;
  let pro: Awaited<ReturnType<typeof listedProfessional>>;
  let stranger: Awaited<ReturnType<typeof signUpAndPay>>;
  const opened: StreamReader[] = [];

  beforeAll(async () => {
    app = await startTestApp({ heartbeatMs: 300 });
    customer = await signUpAndPay(app);
    pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kojo', lastName: 'Pipes' });
    stranger = await signUpAndPay(app);
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await app.close();
  });
  afterEach(() => app?.clock.reset());

  const ticket = async (token: string) => {
    const res = await app.request(eventTicket.path, { method: 'POST', headers: bearer(token) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ticket as string;
  };
  const open = async (token: string, after?: string) => {
    const controller = new AbortController();
    const query = new URLSearchParams({ ticket: await ticket(token), ...(after ? { after } : {}) });
    const response = await fetch(`${app.url}${eventStream.path}?${query}`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = new StreamReader(response, controller);
    opened.push(stream);
    return stream;
  };
  const book = async (time: string) => {
    const res = await app.request('/api/bookings', {
      method: 'POST',
      headers: bearer(customer.token),
      json: { professionalId: pro.userId, description: 'Leaking tap', date: MONDAY, time },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.booking.id as number;
  };
  const say = (bookingId: number, token: string, text: string) =>
    app.request(`/api/bookings/${bookingId}/messages`, {
      method: 'POST',
      headers: bearer(token),
      json: { body: text },
    });

  it('refuses a stream without a good ticket, and a ticket without a session', async () => {
    expect((await app.request(eventTicket.path, { method: 'POST' })).status).toBe(401);
    expect((await app.request(eventStream.path)).status).toBe(401);
    expect((await app.request(`${eventStream.path}?ticket=${'x'.repeat(40)}`)).status).toBe(401);
    expect((await app.request(`${eventStream.path}?ticket=${'x'.repeat(5000)}`)).status).toBe(400);
    expect((await app.request(`${eventStream.path}?ticket=a&ticket=b`)).status).toBe(400);
    // Single-use: the second opening of the same ticket is refused.
    const used = await ticket(customer.token);
    const first = new AbortController();
    expect((await fetch(`${app.url}${eventStream.path}?ticket=${used}`, { signal: first.signal })).status).toBe(200);
    first.abort();
    const again = await app.request(`${eventStream.path}?ticket=${used}`);
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/unknown, used or expired/);
    // Expired after its minute.
    const old = await ticket(customer.token);
    app.clock.advance(61_000);
    expect((await app.request(`${eventStream.path}?ticket=${old}`)).status).toBe(401);
  });

  it('tells both people of a booking, its acceptance and each chat message, and no one else', async () => {
    const customerStream = await open(customer.token);
    const proStream = await open(pro.token);
    const strangerStream = await open(stranger.token);
    for (const stream of [customerStream, proStream, strangerStream])
      expect((await stream.until('ready')).at(-1)).toEqual({ type: 'ready' });

    const bookingId = await book('09:00');
    expect(await customerStream.until('booking.created')).toContainEqual({
      type: 'booking.created',
      bookingId,
      status: 'pending',
    });
    expect(await proStream.until('booking.created')).toContainEqual({
      type: 'booking.created',
      bookingId,
      status: 'pending',
    });
    expect(
      (await app.request(`/api/bookings/${bookingId}/accept`, { method: 'POST', headers: bearer(pro.token) })).status,
    ).toBe(200);
    expect((await customerStream.until('booking.accepted')).at(-1)).toEqual({
      type: 'booking.accepted',
      bookingId,
      status: 'confirmed',
    });
    expect((await say(bookingId, customer.token, 'Is 9 still good?')).status).toBe(201);
    const message = (await proStream.until('chat.message')).at(-1);
    expect(message).toMatchObject({ type: 'chat.message', bookingId, senderId: customer.userId });

    // The stranger heard only heartbeats.
    const heard = await strangerStream.next(2000);
    expect(heard?.ping, 'a heartbeat while idle').toBe(true);
    expect(heard?.event).toBeUndefined();
  });

  it('replays exactly what a dropped stream missed, from the database, on reconnecting with its cursor', async () => {
    const stream = await open(customer.token);
    await stream.until('ready');
    const bookingId = await book('10:00');
    await stream.until('booking.created');
    const cursor = stream.lastId!;
    stream.close();

    // While away: a message and the decline.
    await say(bookingId, pro.token, 'Sorry, I cannot come at 10.');
    await app.request(`/api/bookings/${bookingId}/decline`, { method: 'POST', headers: bearer(pro.token) });

    const back = await open(customer.token, cursor);
    const replayed = await back.until('ready');
    expect(replayed.map((e) => e.type)).toEqual(['chat.message', 'booking.declined', 'ready']);
    expect(replayed[1]).toEqual({ type: 'booking.declined', bookingId, status: 'cancelled' });
    // Nothing twice: the next event is a new one.
    const later = await book('11:00');
    expect(await back.until('booking.created')).toEqual([
      { type: 'booking.created', bookingId: later, status: 'pending' },
    ]);
  });

  it('asks a client with an unknown cursor to read everything again', async () => {
    for (const after of ['not-a-cursor', '1.1']) {
      const stream = await open(customer.token, after);
      expect(await stream.until('ready')).toEqual([{ type: 'reset' }, { type: 'ready' }]);
      stream.close();
    }
  });

  // PGlite has one connection: its transactions never overlap, so none can commit late.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'gives an event of a transaction that commits late in order, never behind a cursor already sent',
    async () => {
      const stream = await open(customer.token);
      await stream.until('ready');
      // A slow transaction writes its event first (the smaller id) and commits after another one.
      let commitSlow!: () => void;
      const slow = app.db.transaction(async (trx) => {
        await trx.raw(`select emit_user_event(?, 'subscription.changed', '{}')`, [customer.userId]);
        await new Promise<void>((resolve) => (commitSlow = resolve));
      });
      while (!commitSlow) await new Promise((resolve) => setTimeout(resolve, 10));
      await app.db.raw(`select emit_user_event(?, 'verification.decided', '{"status":"verified"}')`, [customer.userId]);
      commitSlow();
      await slow;
      const seen = await stream.until('verification.decided');
      expect(seen).toEqual([{ type: 'subscription.changed' }, { type: 'verification.decided', status: 'verified' }]);
      stream.close();
    },
  );

  it(`keeps at most ${EVENT_STREAMS_PER_USER} streams per user, closing the oldest`, async () => {
    const streams = [];
    for (let i = 0; i < EVENT_STREAMS_PER_USER; i++) {
      streams.push(await open(stranger.token));
      await streams[i].until('ready');
    }
    const extra = await open(stranger.token);
    await extra.until('ready');
    // Ended (after any heartbeat it was sent before the fifth opened: one is due every 300 ms here).
    let frame = await streams[0].next(2000);
    while (frame?.ping) frame = await streams[0].next(2000);
    expect(frame).toBeNull();
    expect(streams[1].ended).toBe(false);
    for (const stream of [...streams, extra]) stream.close();
  });

  it('ends the stream when its session ends (sign-out)', async () => {
    const session = await app.request('/api/auth/login', {
      method: 'POST',
      json: {
        loginMethod: 'email',
        email: stranger.body.email,
        password: stranger.body.password,
        accountType: 'customer',
      },
    });
    const stream = await open(session.body.token);
    await stream.until('ready');
    expect(
      (await app.request('/api/auth/logout', { method: 'POST', headers: bearer(session.body.token) })).status,
    ).toBe(200);
    for (;;) {
      const frame = await stream.next();
      if (frame === null) break; // ended
      expect(frame.event).toBeUndefined();
    }
  });

  it('closes every stream at shutdown and takes no new one', async () => {
    const stream = await open(customer.token);
    await stream.until('ready');
    const spare = await ticket(customer.token);
    app.events.closeAll();
    expect(await stream.next()).toBeNull();
    expect((await app.request(`${eventStream.path}?ticket=${spare}`)).status).toBe(503);
    expect((await app.request(eventTicket.path, { method: 'POST', headers: bearer(customer.token) })).status).toBe(503);
  });
});
