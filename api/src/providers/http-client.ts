import { Agent, fetch as undiciFetch } from 'undici';
import { type BoundsOptions, type CallVerdict, type ProviderBounds, providerBounds } from './bounds.ts';

/**
 * The one HTTP client every HTTP provider shares (Paystack, transfers, SMS, WhatsApp, the geocoder,
 * web push): each provider gets its own connection pool (connect time-out, at most `concurrency`
 * connections) and its own bounds (bounds.ts), and each call reads the whole answer, at most
 * MAX_ANSWER_BYTES, within the total time-out.
 */

/** An answer read to its end: providers answer small JSON documents. */
export interface ProviderAnswer {
  status: number;
  statusText: string;
  ok: boolean;
  headers: Headers;
  text: string;
  /** The text as JSON, or `{}` when it is not JSON. */
  json<T>(): T;
}

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Redirects are not followed (a provider never needs one, and an address could lead anywhere). */
}

/** Larger answers are cut off: no provider sends more, and an address that does is not one. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** What the client calls to send; undici's fetch by default, a test may pass its own. */
export type FetchLike = (url: string, init: RequestInit & { dispatcher?: Agent }) => Promise<Response>;

export interface ProviderHttp {
  readonly bounds: ProviderBounds;
  /**
   * One request within the provider's bounds. Resolves with any answer (a 4xx too); a 5xx or 429
   * counts against the circuit. Throws the bounds' refusals and time-out, or the network's error.
   */
  request(url: string, init?: ProviderRequest): Promise<ProviderAnswer>;
}

export interface ProviderHttpOptions extends BoundsOptions {
  fetch?: FetchLike;
}

/** 5xx and 429: the service is failing or shedding load. Anything else is an answer. */
const verdictOf = (answer: ProviderAnswer): CallVerdict =>
  answer.status >= 500 || answer.status === 429 ? 'failed' : 'answered';

async function readCapped(response: Response, signal: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        stop();
        throw new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function providerHttp(options: ProviderHttpOptions): ProviderHttp {
  const bounds = providerBounds(options);
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.totalTimeoutMs,
    bodyTimeout: options.totalTimeoutMs,
    connections: options.concurrency,
  });
  const send: FetchLike = options.fetch ?? (undiciFetch as unknown as FetchLike);
  return {
    bounds,
    request: (url, init = {}) =>
      bounds.run(
        async (signal) => {
          const response = await send(url, {
            method: init.method ?? 'GET',
            headers: init.headers,
            body: init.body,
            redirect: 'manual',
            signal,
            dispatcher: agent,
          });
          const text = await readCapped(response, signal);
          return {
            status: response.status,
            statusText: response.statusText,
            ok: response.ok,
            headers: response.headers,
            text,
            json<T>(): T {
              try {
                const value: unknown = JSON.parse(text);
                return (value && typeof value === 'object' ? value : {}) as T;
              } catch {
                return {} as T;
              }
            },
          };
        },
        { judge: verdictOf },
      ),
  };
}
