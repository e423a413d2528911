import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks Google's reverse geocoding API
 * (GET /maps/api/geocode/json?latlng=LAT,LNG&key=KEY → { status, error_message?, results }).
 * Answers come from a script, one per request, in order; with the script empty it answers OK
 * with a street address in Osu, Accra.
 */
export type FakeAnswer =
  | { kind: 'ok'; address?: string; components?: { long_name: string; types: string[] }[] }
  | { kind: 'ok-empty' }
  | {
      kind: 'status';
      status: 'ZERO_RESULTS' | 'OVER_QUERY_LIMIT' | 'REQUEST_DENIED' | 'INVALID_REQUEST' | 'UNKNOWN_ERROR';
      errorMessage?: string;
    }
  | { kind: 'http'; status: number; body?: string }
  | { kind: 'hang' }
  /** Drops the connection without an answer: a network failure for the client. */
  | { kind: 'reset' };

export const BILLING_MESSAGE =
  'You must enable Billing on the Google Cloud Project at https://console.cloud.google.com/project/_/billing/enable Learn more at https://developers.google.com/maps/gmp-get-started';
export const INVALID_KEY_MESSAGE = 'The provided API key is invalid. ';

export const OSU_ADDRESS = '12 Oxford St, Accra, Ghana';
export const OSU_COMPONENTS = [
  { long_name: '12', types: ['street_number'] },
  { long_name: 'Oxford Street', types: ['route'] },
  { long_name: 'Osu', types: ['neighborhood', 'political'] },
  { long_name: 'Accra', types: ['locality', 'political'] },
  { long_name: 'Accra Metropolitan', types: ['administrative_area_level_2', 'political'] },
  { long_name: 'Greater Accra Region', types: ['administrative_area_level_1', 'political'] },
  { long_name: 'Ghana', types: ['country', 'political'] },
];

export interface FakeGeocoderRequest {
  method: string;
  path: string;
  latlng: string | null;
  key: string | null;
  at: number;
}

export interface FakeGeocoder {
  apiBase: string;
  apiKey: string;
  /** Queue answers for the next requests. */
  script(...answers: FakeAnswer[]): void;
  requests: FakeGeocoderRequest[];
  close(): Promise<void>;
}

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const apiKey = 'AIzaFakeGeocoderKey0123456789abcdefghij';
  const requests: FakeGeocoderRequest[] = [];
  let queue: FakeAnswer[] = [];
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      latlng: url.searchParams.get('latlng'),
      key: url.searchParams.get('key'),
      at: Date.now(),
    });
    if (req.method !== 'GET' || url.pathname !== '/maps/api/geocode/json')
      return send(res, 404, { error: 'not found' });
    const answer: FakeAnswer = queue.shift() ?? { kind: 'ok' };
    switch (answer.kind) {
      case 'ok':
        return send(res, 200, {
          results: [
            {
              formatted_address: answer.address ?? OSU_ADDRESS,
              address_components: answer.components ?? OSU_COMPONENTS,
              types: ['street_address'],
            },
          ],
          status: 'OK',
        });
      case 'ok-empty':
        return send(res, 200, { results: [], status: 'OK' });
      case 'status':
        return send(res, 200, {
          ...(answer.errorMessage ? { error_message: answer.errorMessage } : {}),
          results: [],
          status: answer.status,
        });
      case 'http':
        return send(res, answer.status, answer.body ?? '<html><body>Error</body></html>');
      case 'hang':
        hanging.add(res);
        res.once('close', () => hanging.delete(res));
        return;
      case 'reset':
        return req.socket.destroy();
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    script(...answers) {
      queue = [...queue, ...answers];
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
