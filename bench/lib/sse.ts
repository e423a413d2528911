/**
 * A Server-Sent Events reader for the benches: one connection of its own per stream
 * (node:http, no pooling), frames parsed as the server writes them (contract/events.ts), each
 * stamped with performance.now() when its bytes arrived.
 */
import { request, type ClientRequest } from 'node:http';
import { EVENTS_PING } from '../../contract/events.ts';

export interface SseFrame {
  id?: string;
  data?: string;
  retry?: number;
  /** The heartbeat: an event named EVENTS_PING (the server's beat), or a comment line. */
  comment: boolean;
  /** performance.now() when the bytes completing the frame were read. */
  at: number;
}

export class SseStream {
  lastId: string | undefined;
  ended = false;
  /** Resolves when the stream ends, however it ends (closed by either side, cut, refused). */
  readonly done: Promise<void>;
  private finish!: () => void;
  private readonly req: ClientRequest;

  private constructor(req: ClientRequest) {
    this.req = req;
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  /**
   * Opens `url`; resolves once the response's headers arrived with status 200 (rejects with the
   * status and body otherwise). `onFrame` gets every frame, in order.
   */
  static open(
    url: string,
    onFrame: (frame: SseFrame) => void,
    headers: Record<string, string> = { accept: 'text/event-stream' },
  ): Promise<SseStream> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers, agent: false });
      const stream = new SseStream(req);
      const end = () => {
        if (stream.ended) return;
        stream.ended = true;
        stream.finish();
      };
      req.on('error', (err) => {
        end();
        reject(err);
      });
      req.on('close', end);
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => reject(new Error(`stream answered ${res.statusCode}: ${body}`)));
          return;
        }
        resolve(stream);
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const frame: SseFrame = { comment: false, at };
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || line === `event:${EVENTS_PING}`) frame.comment = true;
              else if (line.startsWith('id: ')) frame.id = line.slice(4);
              else if (line.startsWith('data: ')) frame.data = line.slice(6);
              else if (line.startsWith('retry: ')) frame.retry = Number(line.slice(7));
            }
            if (frame.id) stream.lastId = frame.id;
            onFrame(frame);
          }
        });
        res.on('error', end);
        res.on('close', end);
        res.on('end', end);
      });
      req.end();
    });
  }

  /** Closes the connection (as a browser tab going away). */
  close(): void {
    this.req.destroy();
  }
}
