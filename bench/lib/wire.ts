/**
 * What one browser page put on the wire, request by request, from the DevTools protocol (CDP):
 *   up    the request as sent: request line + headers (the raw ones, cookies included, from
 *         Network.requestWillBeSentExtraInfo) + body (HTTP/1.1 framing: ": " and CRLFs counted)
 *   down  the response as received: Network.loadingFinished.encodedDataLength (status line, headers
 *         and body, compressed as sent); for a redirect hop, the redirect response's
 *         encodedDataLength; for a response still streaming (an event stream), what arrived so far
 * A redirect is two exchanges (the request answered 303, then the request that follows), as it is
 * two round trips. A file served from a cache (in a new context, the memory cache of a file an
 * earlier page of the same visit fetched) is marked `cached` and counts 0 bytes.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export type WireKind = 'page' | 'js' | 'api' | 'other';

export interface Exchange {
  requestId: string;
  hop: number;
  method: string;
  url: string;
  /** CDP resource type: Document, Stylesheet, Script, Fetch, EventSource, Image, Other, … */
  type: string;
  kind: WireKind;
  status?: number;
  mime?: string;
  up: number;
  down: number;
  /** CDP monotonic seconds. */
  start: number;
  end?: number;
  finished: boolean;
  failed?: string;
  cached?: boolean;
  /** The request's body as text (forms, JSON), to recognise an exchange by what it sends. */
  body: string;
  /** Whether the raw headers sent were seen (Network.requestWillBeSentExtraInfo); else the page's headers, which lack some. */
  rawHeaders: boolean;
}

interface Pending {
  exchange: Exchange;
  headers: Record<string, string>;
  requestLine: string;
  bodyBytes: number;
}

const kindOf = (url: string, type: string, mime = ''): WireKind => {
  if (new URL(url).pathname.startsWith('/api/')) return 'api';
  if (type === 'Document' || type === 'Stylesheet' || /html|css/.test(mime)) return 'page';
  if (type === 'Script' || /javascript/.test(mime)) return 'js';
  return 'other';
};

const headerBytes = (requestLine: string, headers: Record<string, string>) =>
  Buffer.byteLength(requestLine) +
  Object.entries(headers).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`), 0) +
  2;

type Req = {
  url: string;
  method: string;
  headers: Record<string, string>;
  postData?: string;
  postDataEntries?: { bytes?: string }[];
};
type Res = {
  status: number;
  mimeType: string;
  encodedDataLength: number;
  fromDiskCache?: boolean;
  fromPrefetchCache?: boolean;
};

export class WireRecorder {
  readonly exchanges: Exchange[] = [];
  private readonly pending = new Map<string, Pending[]>();
  private readonly extraInfo = new Map<string, Record<string, string>[]>();
  private readonly streamed = new Map<string, number>();

  readonly cdp: CDPSession;

  private constructor(cdp: CDPSession) {
    this.cdp = cdp;
  }

  /** Starts recording the page's traffic (before its first navigation). */
  static async attach(context: BrowserContext, page: Page): Promise<WireRecorder> {
    const cdp = await context.newCDPSession(page);
    const recorder = new WireRecorder(cdp);
    cdp.on('Network.requestWillBeSent', (e) => recorder.onRequest(e as never));
    cdp.on('Network.requestWillBeSentExtraInfo', (e) => recorder.onExtraInfo(e as never));
    cdp.on('Network.requestServedFromCache', (e) => recorder.onCached(e as never));
    cdp.on('Network.responseReceived', (e) => recorder.onResponse(e as never));
    cdp.on('Network.dataReceived', (e) => recorder.onData(e as never));
    cdp.on('Network.loadingFinished', (e) => recorder.onFinished(e as never));
    cdp.on('Network.loadingFailed', (e) => recorder.onFailed(e as never));
    await cdp.send('Network.enable');
    return recorder;
  }

  private current(requestId: string): Pending | undefined {
    const hops = this.pending.get(requestId);
    return hops?.[hops.length - 1];
  }

  private onRequest(e: { requestId: string; request: Req; timestamp: number; type?: string; redirectResponse?: Res }) {
    const before = this.current(e.requestId);
    if (before && e.redirectResponse) {
      // The hop before was answered by a redirect: its response is the redirect's headers.
      before.exchange.status = e.redirectResponse.status;
      before.exchange.down = e.redirectResponse.encodedDataLength;
      before.exchange.end = e.timestamp;
      before.exchange.finished = true;
    }
    const { url, method, headers } = e.request;
    const u = new URL(url);
    const body = e.request.postDataEntries?.length
      ? Buffer.concat(e.request.postDataEntries.map((p) => Buffer.from(p.bytes ?? '', 'base64')))
      : Buffer.from(e.request.postData ?? '');
    const type = e.type ?? 'Other';
    const exchange: Exchange = {
      requestId: e.requestId,
      hop: this.pending.get(e.requestId)?.length ?? 0,
      method,
      url,
      type,
      kind: kindOf(url, type),
      up: 0,
      down: 0,
      start: e.timestamp,
      finished: false,
      body: body.toString('utf8'),
      rawHeaders: false,
    };
    this.exchanges.push(exchange);
    const hops = this.pending.get(e.requestId) ?? [];
    hops.push({
      exchange,
      headers,
      requestLine: `${method} ${u.pathname}${u.search} HTTP/1.1\r\n`,
      bodyBytes: body.length,
    });
    this.pending.set(e.requestId, hops);
  }

  private onExtraInfo(e: { requestId: string; headers: Record<string, string> }) {
    const list = this.extraInfo.get(e.requestId) ?? [];
    list.push(e.headers);
    this.extraInfo.set(e.requestId, list);
  }

  /** From the renderer's memory cache (a file an earlier page of the same visit fetched): nothing on the wire. */
  private onCached(e: { requestId: string }) {
    const p = this.current(e.requestId);
    if (p) p.exchange.cached = true;
  }

  private onResponse(e: { requestId: string; response: Res; type?: string }) {
    const p = this.current(e.requestId);
    if (!p) return;
    p.exchange.status = e.response.status;
    p.exchange.mime = e.response.mimeType;
    p.exchange.kind = kindOf(p.exchange.url, p.exchange.type, e.response.mimeType);
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) p.exchange.cached = true;
    // Headers so far; the body's bytes follow in dataReceived (for a response that never finishes).
    this.streamed.set(e.requestId, e.response.encodedDataLength);
  }

  private onData(e: { requestId: string; encodedDataLength: number }) {
    this.streamed.set(e.requestId, (this.streamed.get(e.requestId) ?? 0) + e.encodedDataLength);
  }

  private onFinished(e: { requestId: string; timestamp: number; encodedDataLength: number }) {
    const p = this.current(e.requestId);
    if (!p) return;
    p.exchange.down = e.encodedDataLength;
    p.exchange.end = e.timestamp;
    p.exchange.finished = true;
  }

  private onFailed(e: { requestId: string; timestamp: number; errorText: string }) {
    const p = this.current(e.requestId);
    if (!p) return;
    p.exchange.failed = e.errorText;
    p.exchange.end = e.timestamp;
    p.exchange.down = this.streamed.get(e.requestId) ?? 0;
  }

  /** The exchanges so far, with their request bytes filled in and unfinished ones' bytes so far. */
  snapshot(): Exchange[] {
    for (const [requestId, hops] of this.pending) {
      const raw = this.extraInfo.get(requestId) ?? [];
      hops.forEach((p, i) => {
        const headers = raw[i] ?? p.headers;
        p.exchange.rawHeaders = raw[i] !== undefined;
        p.exchange.up = p.exchange.cached ? 0 : headerBytes(p.requestLine, headers) + p.bodyBytes;
        if (p.exchange.cached) p.exchange.down = 0;
        else if (!p.exchange.finished && !p.exchange.failed && i === hops.length - 1)
          p.exchange.down = this.streamed.get(requestId) ?? 0;
      });
    }
    return this.exchanges.map((x) => ({ ...x }));
  }

  /** Waits until the first `count` exchanges have finished or failed, but for event streams (open by design), up to `timeoutMs`. */
  async settle(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const open = () =>
      this.exchanges
        .slice(0, count)
        .filter((x) => !x.finished && !x.failed && x.type !== 'EventSource' && x.mime !== 'text/event-stream');
    while (open().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }

  /**
   * Round trips: the longest chain of exchanges in which each starts after the one before has
   * ended (what waits on what, as a slow link would make one wait behind another). The favicon,
   * which the browser asks for after each page and nobody waits on, is left out.
   */
  static roundTrips(exchanges: Exchange[]): number {
    const sorted = exchanges
      .filter((x) => new URL(x.url).pathname !== '/favicon.ico')
      .sort((a, b) => a.start - b.start);
    const depth: number[] = [];
    sorted.forEach((x, i) => {
      let best = 0;
      for (let j = 0; j < i; j++)
        if (sorted[j].end !== undefined && sorted[j].end! <= x.start) best = Math.max(best, depth[j]);
      depth.push(best + 1);
    });
    return Math.max(0, ...depth);
  }
}
