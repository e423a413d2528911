import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createTestDb } from '../../../test/harness.ts';
import { ensureFirstAdmin } from './accounts.ts';
import { Writable } from 'node:stream';
import type { Db } from '../../db.ts';

const logger = createLogger('info', new Writable({ write: (_c, _e, done) => done() }));

describe('first administrator from ADMIN_USERNAME', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('is created once when several processes start at the same moment, and none of them fails', async () => {
    const t = await createTestDb();
    drop = t.drop;
    const db: Db = t.db;
    const credentials = { username: 'first-admin', password: 'first-admin-password' };
    const starts = await Promise.allSettled(
      Array.from({ length: 2 }, () => ensureFirstAdmin(db, credentials, new Date(), logger)),
    );
    expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(Number((await db('admins').count({ n: '*' }))[0].n)).toBe(1);
  });
});
