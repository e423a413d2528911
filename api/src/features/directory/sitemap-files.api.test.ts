import { describe, expect, it } from 'vitest';
import { SITEMAP_KEPT_MS } from '../../../../contract/directory.ts';
import { listedProfessional } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { directoryReader } from './service.ts';

describe('a sitemap file number past the last costs the database nothing', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  /** What `read` answered and the SQL statements it sent. */
  async function statementsOf<T>(read: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    app.db.on('query', listen);
    try {
      return { result: await read(), statements };
    } finally {
      app.db.removeListener('query', listen);
    }
  }

  it('counts the files once per kept sitemap, and answers any number past them from that count', async () => {
    await listedProfessional(app, { lat: 5.6, lng: -0.19 });
    const reader = directoryReader(app.db, app.clock, 'http://127.0.0.1');
    const first = await statementsOf(() => reader.entries(1));
    expect(first.result).toHaveLength(1);
    expect(first.statements).toHaveLength(2); // the count of files, then the file itself

    // An anonymous client asking for files past the last, 200 times over, all at once: no statement.
    const past = await statementsOf(() =>
      Promise.all(
        [2, 3, 999_999, 1e30, Number.MAX_SAFE_INTEGER + 2, 0, -1, 1.5, Number.NaN].flatMap((file) =>
          Array.from({ length: 22 }, () => reader.entries(file)),
        ),
      ),
    );
    expect(past.result.every((entries) => entries.length === 0)).toBe(true);
    expect(past.statements).toEqual([]);
    expect((await statementsOf(() => reader.sitemapFiles())).statements).toEqual([]);
  });

  it('counts again once the kept sitemap has expired, so a new file is found with the index that names it', async () => {
    const reader = directoryReader(app.db, app.clock, 'http://127.0.0.1');
    const counted = await statementsOf(() => Promise.all(Array.from({ length: 20 }, () => reader.sitemapFiles())));
    expect(counted.statements).toHaveLength(1); // twenty asking at once share one count
    app.clock.advance(SITEMAP_KEPT_MS);
    expect((await statementsOf(() => reader.sitemapFiles())).statements).toHaveLength(1);
  });
});
