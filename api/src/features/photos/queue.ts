import { PHOTO_MESSAGES } from '../../../../contract/photos.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * How many uploads one process handles at once (docs/OPERATIONS.md "Photo uploads").
 * Bodies in memory are at most places × 10 MB; decodes at most decoders × ~256 MB.
 */
export const PHOTO_QUEUE = {
  /** Photos decoded at the same time: a 64 MP decode holds about 256 MB. */
  decoders: 2,
  /** Uploads let in at once (being received, waiting for a decoder, or decoding). */
  places: 8,
  /** Of those, one account's: a phone sends its photos one after another. */
  perAccount: 2,
} as const;

/** Seconds a refused phone is asked to wait: about one large photo's decoding. */
const RETRY_AFTER = { ownStillProcessing: 10, serverBusy: 30 } as const;

/** One admitted upload: decode in its turn, and leave (always) when done or failed. */
export interface Place {
  decode<T>(work: () => Promise<T>): Promise<T>;
  leave(): void;
}

/**
 * The uploads a process has let in. A place is taken before the body is read, so a refusal (429
 * past the account's share, 503 when all are taken) comes at once and nothing of its body is read;
 * the refusal closes the connection, so the rest is not received either. A freed decoder goes to
 * the waiting upload whose account has the fewest decodes running, then whose account was served
 * longest ago (round robin), then the earliest: one account's uploads never queue ahead of others'.
 */
export class PhotoQueue {
  private readonly placesOf = new Map<number, number>();
  private readonly decodingOf = new Map<number, number>();
  /** When each account with a place last started a decode (a count of starts; absent: never). */
  private readonly lastStartOf = new Map<number, number>();
  private starts = 0;
  private held = 0;
  private decoding = 0;
  private readonly waiting: { account: number; start: () => void }[] = [];

  private readonly sizes: { decoders: number; places: number; perAccount: number };

  constructor(sizes: { decoders: number; places: number; perAccount: number } = PHOTO_QUEUE) {
    this.sizes = sizes;
  }

  /** A place for one of `account`'s uploads, or the refusal to answer at once. */
  enter(account: number): Place {
    const own = this.placesOf.get(account) ?? 0;
    if (own >= this.sizes.perAccount) throw refusal(429, 'ownStillProcessing');
    if (this.held >= this.sizes.places) throw refusal(503, 'serverBusy');
    this.placesOf.set(account, own + 1);
    this.held++;
    let left = false;
    return {
      decode: (work) => this.inTurn(account, work),
      leave: () => {
        if (left) return;
        left = true;
        this.held--;
        const remaining = (this.placesOf.get(account) ?? 1) - 1;
        if (remaining) this.placesOf.set(account, remaining);
        else {
          this.placesOf.delete(account);
          this.lastStartOf.delete(account);
        }
      },
    };
  }

  private async inTurn<T>(account: number, work: () => Promise<T>): Promise<T> {
    if (this.decoding >= this.sizes.decoders) await new Promise<void>((start) => this.waiting.push({ account, start }));
    else this.started(account);
    try {
      return await work();
    } finally {
      this.decoding--;
      this.decodingOf.set(account, (this.decodingOf.get(account) ?? 1) - 1);
      if (!this.decodingOf.get(account)) this.decodingOf.delete(account);
      this.startNext();
    }
  }

  private started(account: number) {
    this.decoding++;
    this.decodingOf.set(account, (this.decodingOf.get(account) ?? 0) + 1);
    this.lastStartOf.set(account, ++this.starts);
  }

  /** Whether `a`'s account should be served before `b`'s (the waiting list is in arrival order). */
  private before(a: number, b: number): boolean {
    const running = (account: number) => this.decodingOf.get(account) ?? 0;
    if (running(a) !== running(b)) return running(a) < running(b);
    return (this.lastStartOf.get(a) ?? 0) < (this.lastStartOf.get(b) ?? 0);
  }

  private startNext() {
    if (!this.waiting.length || this.decoding >= this.sizes.decoders) return;
    let next = 0;
    for (let i = 1; i < this.waiting.length; i++)
      if (this.before(this.waiting[i].account, this.waiting[next].account)) next = i;
    const [chosen] = this.waiting.splice(next, 1);
    this.started(chosen.account);
    chosen.start();
  }
}

function refusal(status: 429 | 503, reason: keyof typeof RETRY_AFTER): HttpError {
  return new HttpError(status, 'busy', PHOTO_MESSAGES[reason], {
    headers: { 'Retry-After': String(RETRY_AFTER[reason]), Connection: 'close' },
  });
}
