import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, PHOTO_MIN_RATE, setProfilePhoto } from '../../../../contract/photos.ts';
import { bearer, signUpAffiliate } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { PHOTO_QUEUE } from './queue.ts';

// 25 parallel 6.5 MB PNGs from one free account made another user's 1.3 KB photo
// wait 56.6 s, and every body was read into memory before it waited. An account now has a share
// of the uploads being handled; past it, or when every place is taken, the upload is refused at
// once, in plain words, before its body is read.

let app: TestApp;
useTestApp(async () => (app = await startTestApp()));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { success: boolean; message?: string };
  /** 1 for the first answer the test got from the server, 2 for the next, … */
  order: number;
}
let answers = 0;

/** A profile photo upload of `length` bytes, its headers sent, its body for the caller to send. */
function photoRequest(token: string, length: number) {
  const { hostname, port } = new URL(app.url);
  return httpRequest({
    hostname,
    port,
    method: 'PUT',
    path: setProfilePhoto.path,
    agent: false,
    headers: { ...bearer(token), 'content-type': 'image/png', 'content-length': String(length) },
  });
}

/**
 * A profile photo upload as a phone sends it: the length declared, then the bytes. With
 * `body: false` only the headers go, so the upload holds its place as a slow line would.
 */
function upload(token: string, bytes: Buffer, { body = true } = {}) {
  const req = photoRequest(token, bytes.length);
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text), order: ++answers }),
      );
    });
    req.on('error', reject);
  });
  // Once the server has the whole body, or has answered without it.
  const sent = new Promise<void>((resolve) => {
    if (body) req.end(bytes, () => resolve());
    else req.flushHeaders();
    answer.then(
      () => resolve(),
      () => resolve(),
    );
  });
  // A refused upload's unsent rest is cut off with the connection: that is the point.
  req.on('error', () => {});
  return { answer, sent, abort: () => req.destroy() };
}

/** About 6.5 MB of PNG: random pixels do not compress, and re-encoding them is slow. */
const largePng = () =>
  sharp(randomBytes(1470 * 1470 * 3), { raw: { width: 1470, height: 1470, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
const smallPng = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: { r: 30, g: 30, b: 220 } } })
    .png()
    .toBuffer();

/** Uploads the server has let in for these accounts: each is counted against its hourly limit once admitted. */
async function admitted(...accountIds: number[]): Promise<number> {
  const rows = await app.db('rate_limits').whereIn(
    'key',
    accountIds.map((id) => `photo-user:${id}`),
  );
  return rows.reduce((sum, row) => sum + Number(row.hits), 0);
}

describe('#26.5 the photo queue is bounded and shared fairly between accounts', () => {
  it("one account's many large uploads get its share; the rest are refused at once, and another account's small photo does not wait behind them", async () => {
    const [heavy, light] = [await signUpAffiliate(app), await signUpAffiliate(app)];
    const large = await largePng();
    expect(large.length).toBeGreaterThan(6 * 1024 * 1024);
    const parallel = Array.from({ length: 6 }, () => upload(heavy.token, large));
    // Once one of them is done, the server has long had all of their bodies (reading one takes
    // milliseconds here, re-encoding it seconds): the small photo comes after them.
    await Promise.any(parallel.map((u) => u.answer.then((a) => (a.status === 200 ? a : Promise.reject()))));

    const small = await upload(light.token, await smallPng()).answer;
    expect(small.status).toBe(200);
    const heavyAnswers = await Promise.all(parallel.map((u) => u.answer));
    // The old queue took all 6, first come first served: the small photo waited for 5 of them.
    const doneBeforeSmall = heavyAnswers.filter((a) => a.status === 200 && a.order < small.order);
    expect(doneBeforeSmall.length).toBeLessThanOrEqual(PHOTO_QUEUE.perAccount);

    const accepted = heavyAnswers.filter((a) => a.status === 200);
    const refused = heavyAnswers.filter((a) => a.status !== 200);
    expect(accepted).toHaveLength(PHOTO_QUEUE.perAccount);
    for (const refusal of refused) {
      expect(refusal).toMatchObject({
        status: 429,
        body: { success: false, message: PHOTO_MESSAGES.ownStillProcessing },
      });
      expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(0);
      // Prompt: answered before any of the account's admitted photos was done.
      expect(refusal.order).toBeLessThan(Math.min(...accepted.map((a) => a.order)));
    }
  }, 90_000); // re-encoding random pixels takes seconds each, longer on a busy machine

  it('refuses an upload past the account share without waiting for, or reading, its body', async () => {
    const [account, other] = [await signUpAffiliate(app), await signUpAffiliate(app)];
    const large = await largePng();
    const holding = Array.from({ length: PHOTO_QUEUE.perAccount }, () => upload(account.token, large, { body: false }));
    await expect.poll(() => admitted(account.id)).toBe(PHOTO_QUEUE.perAccount);

    // Only the headers are sent: the answer comes without the body (the old code waited for it).
    const extra = await upload(account.token, large, { body: false }).answer;
    expect(extra).toMatchObject({ status: 429, body: { message: PHOTO_MESSAGES.ownStillProcessing } });
    expect(extra.headers.connection).toBe('close');
    expect(await admitted(account.id)).toBe(PHOTO_QUEUE.perAccount); // the refused one was not counted
    // Another account is not held up by this one's slow uploads.
    expect((await upload(other.token, await smallPng()).answer).status).toBe(200);

    // A phone that gives up frees its place, and is no server problem in the log.
    for (const held of holding) held.abort();
    await expect
      .poll(async () => (await upload(account.token, await smallPng()).answer).status, { timeout: 10_000 })
      .toBe(200);
    expect(app.logs.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });

  it('refuses with 503 in plain words when every place is taken, and takes uploads again once places free up', async () => {
    const large = await largePng();
    const fillers = await Promise.all(
      Array.from({ length: PHOTO_QUEUE.places / PHOTO_QUEUE.perAccount }, () => signUpAffiliate(app)),
    );
    const holding = fillers.flatMap((account) =>
      Array.from({ length: PHOTO_QUEUE.perAccount }, () => upload(account.token, large, { body: false })),
    );
    await expect.poll(() => admitted(...fillers.map((f) => f.id))).toBe(PHOTO_QUEUE.places);

    const newcomer = await signUpAffiliate(app);
    const refused = await upload(newcomer.token, large, { body: false }).answer;
    expect(refused).toMatchObject({ status: 503, body: { success: false, message: PHOTO_MESSAGES.serverBusy } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await admitted(newcomer.id)).toBe(0);

    for (const held of holding) held.abort();
    await expect
      .poll(async () => (await upload(newcomer.token, await smallPng()).answer).status, { timeout: 10_000 })
      .toBe(200);
  });
});

/**
 * A profile photo upload whose body comes `bytesPerSecond` at a time, once a second, as over a
 * line held open on purpose: its answer (or 0 if none came within `withinMs`) and when it came.
 */
function trickle(token: string, declared: number, bytesPerSecond: number, withinMs: number) {
  const started = Date.now();
  const req = photoRequest(token, declared);
  req.on('error', () => {}); // the server closes a refused upload's connection: that is the point
  let sent = 0;
  const send = () => {
    const bytes = Math.min(bytesPerSecond, declared - sent);
    sent += bytes;
    if (sent >= declared) req.end(randomBytes(bytes));
    else req.write(randomBytes(bytes));
  };
  send();
  const drip = setInterval(send, 1000);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: any; afterMs: number }>((resolve) => {
    const timer = setTimeout(() => done({ status: 0, headers: {}, body: null }), withinMs);
    const done = (answer: { status: number; headers: IncomingHttpHeaders; body: any }) => {
      clearInterval(drip);
      clearTimeout(timer);
      req.destroy();
      resolve({ ...answer, afterMs: Date.now() - started });
    };
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
  });
}

describe('an upload arriving slower than the minimum rate gives its place up', () => {
  it('four accounts sending 100 bytes a second hold all places for seconds, not minutes; a slow but real line goes on', async () => {
    const trickling = await Promise.all(Array.from({ length: 4 }, () => signUpAffiliate(app)));
    const [slowLine, newcomer] = [await signUpAffiliate(app), await signUpAffiliate(app)];
    const bound = PHOTO_MIN_RATE.graceMs + 10_000;
    // At twice the minimum rate, for longer than the grace: it arrives whole (and is no photo: 400).
    const realLine = trickle(
      slowLine.token,
      2 * PHOTO_MIN_RATE.bytesPerSecond * 14,
      2 * PHOTO_MIN_RATE.bytesPerSecond,
      bound + 10_000,
    );
    await expect.poll(() => admitted(slowLine.id)).toBe(1);
    const attackers = trickling.flatMap((account, i) =>
      Array.from({ length: i === 0 ? 1 : PHOTO_QUEUE.perAccount }, () =>
        trickle(account.token, 1024 * 1024, 100, bound),
      ),
    );
    await expect.poll(() => admitted(...trickling.map((t) => t.id))).toBe(PHOTO_QUEUE.places - 1);
    // Every place is taken…
    expect((await upload(newcomer.token, await smallPng(), { body: false }).answer).status).toBe(503);

    // …until the trickles are given up, each in plain words, its connection closed.
    for (const refused of await Promise.all(attackers)) {
      expect(refused).toMatchObject({
        status: 408,
        body: { success: false, code: 'too_slow', message: PHOTO_MESSAGES.tooSlow },
      });
      expect(refused.headers.connection).toBe('close');
      expect(refused.afterMs).toBeGreaterThanOrEqual(PHOTO_MIN_RATE.graceMs - 1000);
    }
    expect((await upload(newcomer.token, await smallPng()).answer).status).toBe(200);
    const whole = await realLine;
    expect(whole.status).toBe(400); // read to its end, then found to be no photo: not cut off
    expect(whole.afterMs).toBeGreaterThan(PHOTO_MIN_RATE.graceMs);
    // A slow line is the client's doing: no error in the log for it.
    expect(app.logs.filter((line) => line.status === 408 && Number(line.level) >= 40)).toEqual([]);
  }, 60_000);
});
