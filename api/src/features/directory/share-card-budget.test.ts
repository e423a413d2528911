import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { shareCardPath } from '../../../../contract/directory.ts';
import { fixedClock } from '../../clock.ts';
import { SHARE_CARD_BUDGET, shareCardMiddleware } from './share-card.ts';

// Each card not kept costs about 70 ms of CPU to draw: 16 anonymous clients asking for cards past
// the 256 kept took 38% of a core and tripled sign-in times. The drawing now has a budget per
// address and in all; a kept card is served whatever the budget.

const servers: import('node:http').Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The share cards alone, over HTTP, for professionals 1…n that all exist; the client's address is X-Forwarded-For. */
async function cardServer() {
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
  const app = new Koa({ proxy: true });
  const directory = {
    profile: async (id: number) =>
      ({ name: `Professional ${id}`, profession: 'Plumber', area: 'Tamale', rating: null, reviews: 0 }) as never,
  };
  app.use(shareCardMiddleware(directory, clock));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = async (id: number, from: string) => {
    const res = await fetch(url + shareCardPath(id), { headers: { 'x-forwarded-for': from } });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: res.ok ? '' : await res.text() };
  };
  return { clock, card };
}

// Each test draws dozens of real cards (tens of ms of CPU each): on a busy 2-core machine that is
// more than vitest's default 5 s.
describe('share cards have a drawing budget', { timeout: 30_000 }, () => {
  it('draws a burst of cards for one address, then answers 429 at once; a kept card is still served', async () => {
    const { card } = await cardServer();
    const { burst } = SHARE_CARD_BUDGET.perAddress;
    const answers = await Promise.all(Array.from({ length: burst + 7 }, (_, i) => card(i + 1, '203.0.113.9')));
    const drawn = answers.filter((a) => a.status === 200);
    expect(drawn).toHaveLength(burst);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(refused.text).toMatch(/^Too many cards asked for from your address: please try again in \d+ seconds\.$/);
    }
    // The cards drawn are kept, and served to this address too, budget or none.
    const keptIds = answers.flatMap((a, i) => (a.status === 200 ? [i + 1] : []));
    for (const id of keptIds) expect((await card(id, '203.0.113.9')).status).toBe(200);
    // The same /64 is the same address; another address has its own share.
    expect((await card(100, '2001:db8:1:2::1')).status).toBe(200);
    expect((await card(101, '198.51.100.4')).status).toBe(200);
  });

  it('draws at most its total burst for everyone, then answers 503 until the budget refills', async () => {
    const { card, clock } = await cardServer();
    const { burst, perSecond } = SHARE_CARD_BUDGET.total;
    const statuses: number[] = [];
    // One new card from each of many addresses, as a crowd of anonymous clients would ask.
    for (let i = 0; i < burst + 10; i++) {
      const answer = await card(1000 + i, `198.51.100.${i + 1}`);
      statuses.push(answer.status);
      if (answer.status !== 200) {
        expect(answer.retryAfter).toBe('1');
        expect(answer.text).toMatch(/^Busy drawing cards: please try again in \d+ seconds\.$/);
      }
    }
    expect(statuses).toEqual([...Array(burst).fill(200), ...Array(10).fill(503)]);
    // Five seconds later, five seconds' worth of drawing.
    clock.advance(5_000);
    const later = [];
    for (let i = 0; i < 5 * perSecond + 3; i++) later.push((await card(2000 + i, `192.0.2.${i + 1}`)).status);
    expect(later).toEqual([...Array(5 * perSecond).fill(200), ...Array(3).fill(503)]);
  });
});
