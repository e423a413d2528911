import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventStream, eventTicket } from '../../../../contract/events.ts';
import { bearer, signUpAffiliate } from '../../../test/accounts.ts';
import { StreamReader } from '../../../test/event-stream.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { connectionLimits, RESERVED_FILES } from '../../http/connection-limit.ts';
import { EVENTS_BUSY } from './routes.ts';

// docs/SECURITY.md "Second round": live-update streams are bounded per process, per
// address and in time, and cannot take the connections ordinary requests need; a cursor the
// server never gave is answered with `reset`, never with a database error.

type Account = Awaited<ReturnType<typeof signUpAffiliate>>;

function streamsOf(app: TestApp) {
  const opened: StreamReader[] = [];
  const ticket = async (token: string, address: string) =>
    app.request(eventTicket.path, {
      method: 'POST',
      headers: { ...bearer(token), 'x-forwarded-for': address },
    });
  /** Opens a stream from `address`: the reader, or the refusal's status and message. */
  const open = async (token: string, address: string, after?: string) => {
    const issued = await ticket(token, address);
    if (issued.status !== 200) return { status: issued.status, message: issued.body.message as string };
    const controller = new AbortController();
    const query = new URLSearchParams({ ticket: issued.body.ticket, ...(after ? { after } : {}) });
    const response = await fetch(`${app.url}${eventStream.path}?${query}`, {
      signal: controller.signal,
      headers: { 'x-forwarded-for': address },
    });
    if (response.status !== 200) return { status: response.status, message: (await response.json()).message };
    const stream = new StreamReader(response, controller);
    opened.push(stream);
    return { status: 200, stream, seen: await stream.until('ready') };
  };
  const closeAll = () => {
    for (const stream of opened) stream.close();
  };
  return { open, ticket, closeAll };
}

describe('#26.2 live-update streams cannot exhaust the process', () => {
  let app: TestApp;
  let accounts: Account[];
  let streams: ReturnType<typeof streamsOf>;
  // 24 client connections, so at most 12 streams: half is kept for ordinary requests.
  const openFiles = RESERVED_FILES + 24;
  const limits = connectionLimits(openFiles);

  beforeAll(async () => {
    app = await startTestApp({
      env: { TRUST_PROXY_HOPS: '1' },
      openFiles,
      events: { streamsPerAddress: 5 },
    });
    // Affiliate accounts are free and active at once: what the review used.
    accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await signUpAffiliate(app));
    streams = streamsOf(app);
  });
  afterEach(async () => {
    streams.closeAll();
    await expect.poll(() => app.events.openStreams).toBe(0);
  });
  afterAll(() => app?.close());

  it('keeps half the connections for ordinary requests', () => {
    expect(limits).toEqual({ connections: 24, streams: 12 });
    expect(connectionLimits(1024)).toEqual({ connections: 1024 - RESERVED_FILES, streams: 448 });
  });

  it('refuses a stream past the total in plain words, and ordinary requests still get through', async () => {
    let opened = 0;
    let refused: { status: number; message?: string } | undefined;
    // Four free accounts, four streams each, each from its own address: 16 tries for 12 places.
    for (const [i, account] of accounts.entries()) {
      for (let tab = 0; tab < 4 && !refused; tab++) {
        const answer = await streams.open(account.token, `198.51.100.${i * 4 + tab + 1}`);
        if (answer.status === 200) opened++;
        else refused = answer;
      }
    }
    expect(opened).toBe(12);
    expect(refused).toEqual({ status: 503, message: EVENTS_BUSY });
    const health = await Promise.all(Array.from({ length: 6 }, () => app.request('/api/health')));
    expect(health.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // A place freed is a place to take.
    streams.closeAll();
    await expect.poll(async () => (await streams.open(accounts[3].token, '198.51.100.99')).status).toBe(200);
  });

  it('refuses more than the per-address cap from one address, while another address opens', async () => {
    const address = '203.0.113.7';
    const from = [accounts[0], accounts[0], accounts[1], accounts[1], accounts[2]];
    for (const account of from) expect((await streams.open(account.token, address)).status).toBe(200);
    expect(await streams.open(accounts[2].token, address)).toEqual({ status: 503, message: EVENTS_BUSY });
    expect((await streams.open(accounts[2].token, '203.0.113.8')).status).toBe(200);
  });

  it('lets a user at their own cap replace their oldest stream even when the process is full', async () => {
    for (const [i, account] of accounts.slice(0, 3).entries())
      for (let tab = 0; tab < 4; tab++)
        expect((await streams.open(account.token, `192.0.2.${i * 4 + tab + 1}`)).status).toBe(200);
    expect((await streams.open(accounts[3].token, '192.0.2.50')).status).toBe(503);
    expect((await streams.open(accounts[0].token, '192.0.2.51')).status).toBe(200);
  });
});

describe('#26.2 a stream lives a limited time, then the client reconnects and catches up', () => {
  let app: TestApp;
  let account: Account;
  let streams: ReturnType<typeof streamsOf>;

  beforeAll(async () => {
    app = await startTestApp({ heartbeatMs: 200, events: { maxAgeMs: 800 } });
    account = await signUpAffiliate(app);
    streams = streamsOf(app);
  });
  afterAll(async () => {
    streams.closeAll();
    await app?.close();
  });

  it('ends a stream after its maximum age, even while heartbeats flow', async () => {
    const answer = await streams.open(account.token, '127.0.0.1');
    expect(answer.status).toBe(200);
    const stream = answer.stream!;
    const started = Date.now();
    let heartbeats = 0;
    for (;;) {
      const frame = await stream.next(3000);
      if (frame === null) break;
      if (frame.ping) heartbeats++;
    }
    expect(heartbeats).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(2500);
    // The client comes back with its cursor and misses nothing.
    const back = await streams.open(account.token, '127.0.0.1', stream.lastId);
    expect(back.status).toBe(200);
  });
});

describe('#26.13 a cursor the server never gave', () => {
  let app: TestApp;
  let account: Account;
  let streams: ReturnType<typeof streamsOf>;

  beforeAll(async () => {
    app = await startTestApp();
    account = await signUpAffiliate(app);
    streams = streamsOf(app);
  });
  afterAll(async () => {
    streams.closeAll();
    await app?.close();
  });

  it.each([
    '99999999999999999999.1', // past the largest transaction id
    '1.99999999999999999999', // past the largest event id
    '18446744073709551615.1', // the largest transaction id: none has run yet
  ])('after=%s: the stream says reset, and the log has nothing above debug', async (after) => {
    const logged = app.logs.length;
    const answer = await streams.open(account.token, '127.0.0.1', after);
    expect(answer.status).toBe(200);
    expect(answer.seen).toEqual([{ type: 'reset' }, { type: 'ready' }]);
    answer.stream!.close();
    const warnings = app.logs.slice(logged).filter((line) => Number(line.level) > 20 && line.msg !== 'request');
    expect(warnings).toEqual([]);
  });
});
