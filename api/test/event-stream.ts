import { EVENTS_PING, userEventSchema, type UserEvent } from '../../contract/events.ts';

export interface Frame {
  id?: string;
  event?: UserEvent;
  ping?: boolean;
}

/** An open stream, read frame by frame as the server writes them. */
export class StreamReader {
  private buffer = '';
  private readonly frames: Frame[] = [];
  private waiting: (() => void) | null = null;
  ended = false;
  lastId: string | undefined;

  private readonly controller: AbortController;

  constructor(response: Response, controller: AbortController) {
    this.controller = controller;
    void this.read(response);
  }

  private async read(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += value;
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line === `event:${EVENTS_PING}`) frame.ping = true;
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('data: ')) frame.event = userEventSchema.parse(JSON.parse(line.slice(6)));
          }
          if (frame.id) this.lastId = frame.id;
          if (frame.event || frame.ping) this.frames.push(frame);
          this.waiting?.();
        }
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.waiting?.();
  }

  /** The next frame (event or heartbeat), or null once the stream has ended. Fails after `ms`. */
  async next(ms = 5000): Promise<Frame | null> {
    const deadline = Date.now() + ms;
    while (!this.frames.length && !this.ended) {
      if (Date.now() > deadline) throw new Error('no frame in time');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.frames.shift() ?? null;
  }

  /** The next events up to and including one of type `type`. */
  async until(type: UserEvent['type']): Promise<UserEvent[]> {
    const seen: UserEvent[] = [];
    for (;;) {
      const frame = await this.next();
      if (!frame) throw new Error(`stream ended before ${type}; saw ${seen.map((e) => e.type).join(', ')}`);
      if (!frame.event) continue;
      seen.push(frame.event);
      if (frame.event.type === type) return seen;
    }
  }

  close() {
    this.controller.abort();
  }
}
