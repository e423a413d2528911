import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { json, route } from '../../../contract/route.ts';
import { call, routeUrl } from './call.ts';

const messages = route({
  method: 'POST',
  path: '/api/things/:id/messages',
  query: z.object({ since: z.optional(z.number()) }),
  body: z.object({ text: z.string() }),
  caller: 'signed-in',
  answer: json<{ success: true; count: number }>(),
  summary: 'A test route.',
});

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the params, writes the query without empty fields, and sends the body with the method', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, count: 2 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await call(messages, { params: { id: 'a/b' }, query: { since: 4 }, body: { text: 'hi' } });
    expect(answer.count).toBe(2);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things/a%2Fb/messages?since=4');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"text":"hi"}');
  });

  it('leaves out query fields that are undefined, and a query whose fields are all optional', () => {
    expect(routeUrl(messages, { params: { id: 7 }, query: {}, body: { text: '' } })).toBe('/api/things/7/messages');
    expect(routeUrl(messages, { params: { id: 7 }, body: { text: '' } })).toBe('/api/things/7/messages');
  });

  it('refuses at compile time a call without the params, body or query its route declares', () => {
    // @ts-expect-error the body is missing
    routeUrl(messages, { params: { id: 7 }, query: {} });
    // @ts-expect-error the params are missing
    routeUrl(messages, { query: {}, body: { text: '' } });
    // @ts-expect-error the query's field has the wrong type
    routeUrl(messages, { params: { id: 7 }, query: { since: 'x' }, body: { text: '' } });
    // @ts-expect-error the body's field has the wrong type
    routeUrl(messages, { params: { id: 7 }, query: {}, body: { text: 3 } });
  });
});
