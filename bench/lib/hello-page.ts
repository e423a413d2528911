/**
 * The baseline for bench:network, as hello-koa is for bench:api: a page of one paragraph, served
 * brotli-compressed by Node's HTTP server at every path. Its first paint, beside its own floor, is
 * what a new page costs Chromium on this machine before the product's HTML, CSS or fonts count.
 */
import { createServer, type Server } from 'node:http';
import { brotliCompressSync } from 'node:zlib';

const PAGE = brotliCompressSync(
  '<!DOCTYPE html><html lang="en-GH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>ServiceConnect Ghana</title></head><body><p>ServiceConnect Ghana</p></body></html>',
);

export async function startHelloPage(port: number): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(req.url === '/favicon.ico' ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-store',
    });
    res.end(req.url === '/favicon.ico' ? undefined : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
