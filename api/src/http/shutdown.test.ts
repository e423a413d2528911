import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from './shutdown.ts';

/** A server whose /slow answers after `ms` milliseconds and whose /stuck never answers. */
async function serve(): Promise<{
  server: Server;
  port: number;
  drain: (ms: number) => ReturnType<ReturnType<typeof drainable>['drain']>;
}> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/slow')) setTimeout(() => res.end('done'), Number(req.url.split('=')[1] ?? 300));
    else if (req.url === '/stuck')
      res.write('partial'); // never ends
    else res.end('ok');
  });
  const d = drainable(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, drain: (ms) => d.drain(ms) };
}

function get(
  port: number,
  path: string,
  agent?: import('node:http').Agent,
): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res: IncomingMessage) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('drainable (SIGTERM)', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('lets a running request finish, refuses new connections, and does not wait for idle or silent sockets', async () => {
    const s = await serve();
    server = s.server;
    const keepAlive = new (await import('node:http')).Agent({ keepAlive: true });
    await get(s.port, '/', keepAlive); // leaves an idle keep-alive socket open
    const silent = connect(s.port, '127.0.0.1'); // connected, never sends a request
    silent.on('error', () => {});
    await once(silent, 'connect');
    const halfHead = connect(s.port, '127.0.0.1');
    halfHead.on('error', () => {});
    await once(halfHead, 'connect');
    halfHead.write('GET / HTTP/1.1\r\nHost: x\r\n'); // a request head that never ends
    const reached = once(s.server, 'request');
    const running = get(s.port, '/slow?ms=400');
    await reached; // the request has reached the handler
    const drained = s.drain(5000);
    await expect(get(s.port, '/')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await running).toMatchObject({ status: 200, body: 'done' });
    const result = await drained;
    expect(result.forced).toBe(false);
    expect(result.ms).toBeLessThan(1500); // the request's 400 ms, not the 5 s deadline
    keepAlive.destroy();
  });

  it('cuts a request that never finishes at the deadline', async () => {
    const s = await serve();
    server = s.server;
    const reached = once(s.server, 'request');
    const stuck = get(s.port, '/stuck').catch((err) => err);
    await reached;
    const result = await s.drain(300);
    expect(result.forced).toBe(true);
    expect(result.ms).toBeGreaterThanOrEqual(290);
    expect(result.ms).toBeLessThan(1500);
    expect(await stuck).toMatchObject({ code: 'ECONNRESET' });
  });
});
