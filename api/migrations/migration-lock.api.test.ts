import { afterEach, expect, it } from 'vitest';
import { migrate, rollbackAll } from '../src/db.ts';
import { createTestDb } from '../test/harness.ts';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => drop?.());

it('a process that finds the migration lock held waits for it instead of failing', async () => {
  const t = await createTestDb();
  drop = t.drop;
  await rollbackAll(t.db);
  await t.db('knex_migrations_lock').update({ is_locked: 1 }); // another process is migrating
  let done = false;
  const waiting = migrate(t.db, 10_000).then((r) => ((done = true), r));
  await new Promise((r) => setTimeout(r, 600));
  expect(done).toBe(false);
  await t.db('knex_migrations_lock').update({ is_locked: 0 });
  const [, applied] = await waiting;
  expect(applied.length).toBeGreaterThan(0);
  await t.db('knex_migrations_lock').update({ is_locked: 1 });
  await expect(migrate(t.db, 300)).rejects.toMatchObject({ name: 'MigrationLocked' });
  await t.db('knex_migrations_lock').update({ is_locked: 0 });
});
