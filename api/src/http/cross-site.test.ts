import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCrossSiteForm } from './cross-site.ts';

// The renewal page's form was accepted with no Origin, a foreign Referer
// ignored. Sec-Fetch-Site, Origin and Referer are read together: a form any of them places on
// another site is refused. The check as site.ts runs it for every page, over real HTTP.
describe('forms posted to pages from other sites', () => {
  let server: ReturnType<Koa['listen']>;
  let own: string;
  beforeAll(async () => {
    const app = new Koa();
    app.use(async (ctx) => {
      refuseCrossSiteForm(ctx);
      ctx.body = 'accepted';
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  /** POSTs a form with exactly these headers (no client adds its own). */
  const post = (headers: Record<string, string>, method = 'POST') =>
    new Promise<number>((resolve, reject) => {
      const req = request(`${own}/renew/AAAAAAAAAAAAAAAAAAAAAA`, { method, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(method === 'POST' ? 'action=send' : undefined);
    });

  it('refuses a form whichever header says it came from another site', async () => {
    const foreign = 'https://elsewhere.example';
    const refusals: Record<string, string>[] = [
      { referer: `${foreign}/trap.html` }, // no Origin: used to be accepted
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: foreign },
      { origin: 'null' },
      { origin: foreign, referer: `${own}/renew/x` },
      { 'sec-fetch-site': 'same-origin', referer: `${foreign}/` },
      { 'sec-fetch-site': 'cross-site', origin: own, referer: `${own}/renew/x` },
      { referer: 'not a url' },
      { referer: `${own.replace('http:', 'https:')}/renew/x` },
    ];
    for (const headers of refusals) expect(await post(headers), JSON.stringify(headers)).toBe(403);
  });

  it('accepts a form from this site, and one no browser page sent', async () => {
    const acceptances: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: own, referer: `${own}/renew/x` },
      { origin: own },
      { referer: `${own}/renew/x?ref=SEPC1` },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of acceptances) expect(await post(headers), JSON.stringify(headers)).toBe(200);
    // Reading a page is never refused, wherever the link to it was.
    expect(await post({ 'sec-fetch-site': 'cross-site', referer: 'https://elsewhere.example/' }, 'GET')).toBe(200);
  });
});
