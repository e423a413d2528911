/**
 * A TCP proxy that counts what crosses it, per connection and direction: the application's bytes
 * (HTTP headers and bodies as sent, no TCP/IP headers) and the chunks they came in. Each side has
 * Nagle off and loopback hands over one write as one chunk, so chunks are close to the data
 * segments a real network would carry.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface Flow {
  /** Client → server. */
  up: number;
  /** Server → client. */
  down: number;
  upChunks: number;
  downChunks: number;
}

export interface ByteProxy {
  port: number;
  /** One per accepted connection, in order of acceptance. */
  flows: Flow[];
  close: () => Promise<void>;
}

export async function startByteProxy(port: number, target: { host?: string; port: number }): Promise<ByteProxy> {
  const flows: Flow[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const flow: Flow = { up: 0, down: 0, upChunks: 0, downChunks: 0 };
    flows.push(flow);
    const upstream = connect({ host: target.host ?? '127.0.0.1', port: target.port });
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk: Buffer) => {
      flow.up += chunk.length;
      flow.upChunks++;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      flow.down += chunk.length;
      flow.downChunks++;
      client.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    flows,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What a flow carried between two readings. */
export const flowDelta = (after: Flow, before: Flow): Flow => ({
  up: after.up - before.up,
  down: after.down - before.down,
  upChunks: after.upChunks - before.upChunks,
  downChunks: after.downChunks - before.downChunks,
});
