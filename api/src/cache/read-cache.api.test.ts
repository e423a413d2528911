import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/dates.ts';
import { bearer, signUpAndPay } from '../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../test/harness.ts';
import { isEmbedded } from '../db.ts';

// A signed-in data read must cost little; these prove the read cache that makes it so
// never shows what a committed change replaced, whoever made the change.
describe('read cache: sessions and dashboard records, dropped when the database announces a change', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  /** Queries the app sends while `action` runs (not the harness's own catch-up marker). */
  async function queriesDuring(action: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const onQuery = ({ sql }: { sql: string }) => {
      if (!sql.includes('pg_notify')) count++;
    };
    await app.readCache!.feed.caughtUp();
    app.db.on('query', onQuery);
    try {
      await action();
    } finally {
      app.db.off('query', onQuery);
    }
    return count;
  }

  const record = (customer: { token: string; body: { email: string } }) =>
    app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, { headers: bearer(customer.token) });

  it('answers a repeated signed-in read without a query, and the same as the database', async () => {
    const customer = await signUpAndPay(app);
    const first = await record(customer);
    expect(first.status).toBe(200);
    expect(await queriesDuring(() => record(customer))).toBe(0);
    expect((await record(customer)).body).toEqual(first.body);
  });

  it('shows a change made straight in the database (by a job, another process, an administrator) on the next read', async () => {
    const customer = await signUpAndPay(app);
    await record(customer);
    await app.db('users').where({ id: customer.userId }).update({ location: 'Kumasi' });
    expect((await record(customer)).body.customer.location).toBe('Kumasi');
  });

  it("shows a favourite professional's new name: a record is dropped when anyone it shows changes", async () => {
    const customer = await signUpAndPay(app);
    const pro = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Plumber',
      localAddress: 'Osu, Accra',
    });
    expect(
      (await app.request(`/api/favourites/${pro.userId}`, { method: 'POST', headers: bearer(customer.token) })).status,
    ).toBeLessThan(300);
    const before = (await record(customer)).body.customer.favoriteServices;
    expect(before).toHaveLength(1);
    await app.db('users').where({ id: pro.userId }).update({ first_name: 'Kwabena' });
    expect((await record(customer)).body.customer.favoriteServices[0].name).toMatch(/^Kwabena /);
  });

  it('shows a favourite again once it is listed again: a record is dropped for the favourites it leaves out too', async () => {
    const customer = await signUpAndPay(app);
    const painter = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Painter',
      localAddress: 'Osu, Accra',
    });
    const welder = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Welder',
      localAddress: 'Osu, Accra',
    });
    const favourites = async () =>
      (await record(customer)).body.customer.favoriteServices.map((f: { id: number }) => f.id);
    for (const pro of [painter, welder]) {
      expect(
        (await app.request(`/api/favourites/${pro.userId}`, { method: 'POST', headers: bearer(customer.token) }))
          .status,
      ).toBeLessThan(300);
      app.clock.advance(1000);
    }
    await app.db('users').where({ id: painter.userId }).update({ status: 'suspended' });
    expect(await favourites()).toEqual([welder.userId]); // an unlisted favourite is left out
    await app.db('users').where({ id: painter.userId }).update({ status: 'active' });
    expect(await favourites()).toEqual([welder.userId, painter.userId]); // back, newest saved first
  });

  it("answers a request that changed something only once its change is heard, so the caller's next read shows it", async () => {
    const customer = await signUpAndPay(app);
    const pro = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Electrician',
      localAddress: 'Osu, Accra',
    });
    for (let round = 0; round < 20; round++) {
      await record(customer);
      const method = round % 2 ? 'DELETE' : 'POST';
      expect(
        (await app.request(`/api/favourites/${pro.userId}`, { method, headers: bearer(customer.token) })).status,
      ).toBeLessThan(300);
      // Straight to the server, without the harness's catch-up: only the server's own waiting counts.
      const next = await fetch(`${app.url}/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
        headers: bearer(customer.token),
      });
      expect((await next.json()).customer.favoriteServices).toHaveLength(method === 'POST' ? 1 : 0);
    }
  });

  it('refuses a session at once when it is revoked or its account suspended, however that happens', async () => {
    const revoked = await signUpAndPay(app);
    await record(revoked);
    await app.db('sessions').where({ user_id: revoked.userId }).update({ revoked_at: app.clock.now() });
    expect((await record(revoked)).status).toBe(401);

    const suspended = await signUpAndPay(app);
    await record(suspended);
    await app.db('users').where({ id: suspended.userId }).update({ status: 'suspended' });
    expect((await record(suspended)).status).toBe(401);

    const signedOut = await signUpAndPay(app);
    await record(signedOut);
    expect(
      (await app.request('/api/auth/logout', { method: 'POST', headers: bearer(signedOut.token), json: {} })).status,
    ).toBe(200);
    expect((await record(signedOut)).status).toBe(401);
  });

  it('recomputes every record when the platform settings change, and when the clock moves', async () => {
    const customer = await signUpAndPay(app);
    const before = (await record(customer)).body.customer.subscription;
    await app.db('platform_settings').where({ id: 1 }).update({ grace_period_days: 9 });
    expect(await queriesDuring(() => record(customer))).toBeGreaterThan(0);
    await app.db('platform_settings').where({ id: 1 }).update({ grace_period_days: 7 });

    await record(customer);
    app.clock.advance(2 * DAY_MS);
    const later = (await record(customer)).body.customer.subscription;
    expect(later.daysLeft).toBe(before.daysLeft - 2);
  });

  it('keeps nothing of a rolled-back change, and nothing read while a change arrived', async () => {
    const customer = await signUpAndPay(app);
    await record(customer);
    await expect(
      app.db.transaction(async (trx) => {
        await trx('users').where({ id: customer.userId }).update({ location: 'Tamale' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await record(customer)).body.customer.location).not.toBe('Tamale');
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'serves from the database while the change feed is cut off, and caches again once it listens',
    async () => {
      expect(isEmbedded(app.db)).toBe(false);
      const customer = await signUpAndPay(app);
      await record(customer);
      // Cut the feed's own connection, as a database restart would.
      await app.db.raw(
        "select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen %' and datname = current_database()",
      );
      await expect.poll(() => app.readCache!.feed.live).toBe(false);
      await app.db('users').where({ id: customer.userId }).update({ location: 'Ho' });
      expect((await record(customer)).body.customer.location).toBe('Ho');
      expect(await queriesDuring(() => record(customer))).toBeGreaterThan(0);
      await expect.poll(() => app.readCache!.feed.live, { timeout: 10_000 }).toBe(true);
      await record(customer);
      expect(await queriesDuring(() => record(customer))).toBe(0);
    },
  );
});

describe('READ_CACHE=off: every read goes to the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { READ_CACHE: 'off' } });
  });
  afterAll(() => app.close());

  it('keeps nothing, and shows a change made straight in the database on the next read', async () => {
    expect(app.readCache).toBeUndefined();
    const customer = await signUpAndPay(app);
    const read = () =>
      app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, { headers: bearer(customer.token) });
    expect((await read()).status).toBe(200);
    await app.db('users').where({ id: customer.userId }).update({ location: 'Cape Coast' });
    expect((await read()).body.customer.location).toBe('Cape Coast');
    await app.db('sessions').where({ user_id: customer.userId }).update({ revoked_at: app.clock.now() });
    expect((await read()).status).toBe(401);
  });
});
