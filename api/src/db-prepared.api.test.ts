import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/harness.ts';
import { type Db, isEmbedded, MAX_PREPARED_TEXTS, prepared } from './db.ts';

// prepared() makes a fixed SQL text a named prepared statement on PostgreSQL (planned
// once per connection), and stops naming new texts past MAX_PREPARED_TEXTS, so a mistake cannot
// grow every connection's memory without end. PGlite runs the same queries as they are.

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDb()));
afterAll(() => drop());

/** The statements this connection has prepared (one transaction: one connection). */
const preparedHere = async (trx: Db) =>
  ((await trx.raw('select name from pg_prepared_statements')) as { rows: { name: string }[] }).rows.map(
    (row) => row.name,
  );

describe('prepared()', () => {
  it('answers as the query would, and on PostgreSQL prepares its text once per connection', async () => {
    await db.transaction(async (trx) => {
      const before = await preparedHere(trx);
      const one = await prepared(trx.raw('select ?::int + 1 as n', [1]));
      const again = await prepared(trx.raw('select ?::int + 1 as n', [41]));
      expect([one.rows[0].n, again.rows[0].n]).toEqual([2, 42]);
      const added = (await preparedHere(trx)).filter((name) => !before.includes(name));
      expect(added).toHaveLength(isEmbedded(db) ? 0 : 1);
    });
  });

  it(`names at most ${MAX_PREPARED_TEXTS} texts a process, and runs the rest as plain queries`, async () => {
    await db.transaction(async (trx) => {
      for (let i = 0; i <= MAX_PREPARED_TEXTS; i++) {
        const { rows } = await prepared(trx.raw(`select ${i}::int as n`));
        expect(rows[0].n).toBe(i);
      }
      expect((await preparedHere(trx)).length).toBeLessThanOrEqual(isEmbedded(db) ? 0 : MAX_PREPARED_TEXTS);
    });
  });
});
