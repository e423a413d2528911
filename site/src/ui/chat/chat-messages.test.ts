import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import { NetworkError, TimeoutError } from '../../lib/api.ts';
import { mergeMessages, messageKey, noAnswer, notSentText, stillWaiting } from './chat-messages.ts';

const message = (id: number, extra: Partial<ChatMessage> = {}) =>
  ({ id, body: `message ${id}`, senderId: 1, createdAt: '2026-11-28T10:00:00.000Z', ...extra }) as ChatMessage;

describe('chat messages', () => {
  it('merges what was read into what is shown: each message once, the newest copy, oldest first', () => {
    const shown = [message(1), message(3)];
    expect(mergeMessages(shown, [])).toBe(shown);
    const merged = mergeMessages(shown, [message(2), message(3, { body: 'edited' })]);
    expect(merged.map((m) => [m.id, m.body])).toEqual([
      [1, 'message 1'],
      [2, 'message 2'],
      [3, 'edited'],
    ]);
  });

  it('stops showing a waiting message once the server has it, by its key', () => {
    const queued = [
      { key: 'a', body: 'first' },
      { key: 'b', body: 'second' },
    ];
    expect(stillWaiting(queued, [message(7, { clientKey: 'a' })])).toEqual([{ key: 'b', body: 'second' }]);
  });

  it('keeps a message to send again only when no answer came', () => {
    expect(noAnswer(new NetworkError())).toBe(true);
    expect(noAnswer(new TimeoutError())).toBe(true);
    expect(noAnswer(new TimeoutError('Request aborted'))).toBe(false);
    expect(noAnswer(new Error('Too long'))).toBe(false);
    expect(notSentText(new Error('Too long'))).toBe('Message not sent: Too long');
    expect(notSentText('?')).toBe('Message not sent. Please try again.');
  });

  it('makes a fresh 128-bit hex key for each message', () => {
    const key = messageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(messageKey()).not.toBe(key);
  });
});
