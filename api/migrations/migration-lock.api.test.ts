import { afterEach, expect, it } from 'vitest';
import { closeDb, createDb, migrate, migrationSource, rollbackAll } from '../src/db.ts';
import { createTestDb } from '../test/harness.ts';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => drop?.());

it('a process that finds the migration lock held waits for it instead of failing', async () => {
  const t = await createTestDb();
  drop = t.drop;
  await t.db.migrate.down({ migrationSource }); // one migration left to run
  await t.db('knex_migrations_lock').update({ is_locked: 1 }); // another process is migrating
  let done = false;
  let lockTries = 0;
  t.db.on('query', (query: { sql: string }) => {
    if (/^update "knex_migrations_lock"/i.test(query.sql)) lockTries++;
  });
  const waiting = migrate(t.db, 10_000).then((r) => ((done = true), r));
  // It found the lock held and tried again: waiting, not failed.
  await expect.poll(() => lockTries).toBeGreaterThanOrEqual(2);
  expect(done).toBe(false);
  await t.db('knex_migrations_lock').update({ is_locked: 0 });
  const [, applied] = await waiting;
  expect(applied).toHaveLength(1);
  await t.db('knex_migrations_lock').update({ is_locked: 1 });
  await expect(migrate(t.db, 300)).rejects.toMatchObject({ name: 'MigrationLocked' });
  await t.db('knex_migrations_lock').update({ is_locked: 0 });
});

it.runIf(process.env.TEST_DB === 'postgres')(
  'two processes migrating an empty database at the same moment both start',
  async () => {
    const t = await createTestDb();
    drop = t.drop;
    await rollbackAll(t.db);
    await t.db.schema.dropTable('knex_migrations').dropTable('knex_migrations_lock'); // as on a new database
    const url = (t.db.client.config.connection as { connectionString: string }).connectionString;
    const [one, two] = [await createDb({ databaseUrl: url }), await createDb({ databaseUrl: url })];
    try {
      const results = await Promise.allSettled([migrate(one), migrate(two)]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      const applied = results.map((r) => (r as PromiseFulfilledResult<[number, string[]]>).value[1].length);
      expect(Math.min(...applied)).toBe(0); // one ran them all, the other found nothing to do
      expect(Math.max(...applied)).toBeGreaterThan(0);
    } finally {
      await closeDb(one);
      await closeDb(two);
    }
  },
);
