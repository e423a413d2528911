import type { Conn } from '../../db.ts';

export interface ChannelBacklog {
  channel: string;
  /** Rows still pending, due or not (a text held back for its push, a retry waiting out its delay). */
  depth: number;
  /** When the oldest pending row that is due now was written; null when none is due. */
  oldestDueAt: Date | null;
}

/**
 * The outbox per channel, for a scrape: one statement over the pending rows only, which the
 * (status, next_attempt_at) index finds without reading the sent ones.
 */
export async function outboxBacklog(db: Conn, now: Date): Promise<ChannelBacklog[]> {
  const { rows } = (await db.raw(
    `select channel, count(*)::int as depth, min(created_at) filter (where next_attempt_at <= ?) as oldest_due_at
       from notifications
      where status = 'pending'
      group by channel`,
    [now],
  )) as { rows: { channel: string; depth: number; oldest_due_at: Date | string | null }[] };
  return rows.map((row) => ({
    channel: row.channel,
    depth: Number(row.depth),
    oldestDueAt: row.oldest_due_at === null ? null : new Date(row.oldest_due_at),
  }));
}
