/**
 * The JavaScript heap of a server process started with `--inspect=127.0.0.1:<port>` (NODE_OPTIONS),
 * after full garbage collections: what the process holds, without the garbage RSS also counts.
 * Over the inspector protocol (Node's own WebSocket client); only between measurements, since a
 * full collection pauses the process.
 */
export async function heapAfterGc(inspectorPort: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const send = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const mine = ++id;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result: Record<string, number> };
        if (message.id !== mine) return;
        ws.removeEventListener('message', onMessage);
        resolve(message.result);
      };
      ws.addEventListener('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    return (await send('Runtime.getHeapUsage')).usedSize;
  } finally {
    ws.close();
  }
}
