/** The baseline for bench:api: a bare Koa hello-world, nothing but Koa and Node's HTTP server. */
import Koa from 'koa';

const port = Number(process.argv[2] ?? 3741);
const app = new Koa();
app.use((ctx) => {
  ctx.body = { success: true, message: 'hello world' };
});
app.listen(port, '127.0.0.1', () => process.send?.('ready'));
