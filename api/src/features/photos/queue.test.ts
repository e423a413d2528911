import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../../contract/photos.ts';
import { HttpError } from '../../http/errors.ts';
import { PhotoQueue } from './queue.ts';

/** A decode the test finishes when it wants; `order` records when each one started. */
function decodes(order: string[]) {
  const finish = new Map<string, () => void>();
  const work = (name: string) => () =>
    new Promise<string>((resolve) => {
      order.push(name);
      finish.set(name, () => resolve(name));
    });
  return { work, finish: (name: string) => finish.get(name)!() };
}

const refusalOf = (enter: () => unknown) => {
  try {
    enter();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('PhotoQueue (issue #26.5)', () => {
  it('gives a freed decoder to the account served longest ago, not to the first in line', async () => {
    const queue = new PhotoQueue({ decoders: 1, places: 10, perAccount: 3 });
    const order: string[] = [];
    const { work, finish } = decodes(order);
    const heavy = [queue.enter(1), queue.enter(1), queue.enter(1)];
    const light = queue.enter(2);
    const done = [
      heavy[0].decode(work('heavy 1')),
      heavy[1].decode(work('heavy 2')),
      heavy[2].decode(work('heavy 3')),
      light.decode(work('light')),
    ];
    await Promise.resolve();
    expect(order).toEqual(['heavy 1']);
    finish('heavy 1');
    await done[0];
    await new Promise(setImmediate);
    // First come, first served would run heavy 2 and heavy 3 first.
    expect(order).toEqual(['heavy 1', 'light']);
    finish('light');
    await done[3];
    await new Promise(setImmediate);
    expect(order).toEqual(['heavy 1', 'light', 'heavy 2']);
    finish('heavy 2');
    await done[1];
    await new Promise(setImmediate);
    expect(order).toEqual(['heavy 1', 'light', 'heavy 2', 'heavy 3']);
    finish('heavy 3');
    await done[2];
  });

  it('runs another account first when the waiting one already has a decode running', async () => {
    const queue = new PhotoQueue({ decoders: 2, places: 10, perAccount: 3 });
    const order: string[] = [];
    const { work, finish } = decodes(order);
    const [a1, a2, a3, b1] = [queue.enter(1), queue.enter(1), queue.enter(1), queue.enter(2)];
    const first = a1.decode(work('a1'));
    void a2.decode(work('a2'));
    void a3.decode(work('a3')); // waits: both decoders busy with account 1
    void b1.decode(work('b1')); // waits, after a3
    await Promise.resolve();
    expect(order).toEqual(['a1', 'a2']);
    finish('a1');
    await first;
    await new Promise(setImmediate);
    // Account 1 still has a2 running, account 2 nothing: b1 goes ahead of a3.
    expect(order).toEqual(['a1', 'a2', 'b1']);
  });

  it('refuses an account past its share (429) and anyone when every place is taken (503); a place left is free again', () => {
    const queue = new PhotoQueue({ decoders: 1, places: 3, perAccount: 2 });
    const a = [queue.enter(1), queue.enter(1)];
    expect(refusalOf(() => queue.enter(1))).toEqual({ status: 429, message: PHOTO_MESSAGES.ownStillProcessing });
    queue.enter(2);
    expect(refusalOf(() => queue.enter(3))).toEqual({ status: 503, message: PHOTO_MESSAGES.serverBusy });
    a[0].leave();
    a[0].leave(); // leaving twice frees one place, not two
    expect(refusalOf(() => queue.enter(3))).toBeNull();
    expect(refusalOf(() => queue.enter(4))).toEqual({ status: 503, message: PHOTO_MESSAGES.serverBusy });
  });
});
