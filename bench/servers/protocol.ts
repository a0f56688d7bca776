/**
 * The child side of lib/child-server.ts: announce the URL, report CPU time and memory on request, and
 * close cleanly when asked (a clean exit is what makes `--cpu-prof` write its profile).
 */
export function serveParent(
  url: string,
  close: () => Promise<void>,
  info: Record<string, unknown> = {},
): void {
  if (!process.send) throw new Error('run this through bench/lib/child-server.ts (needs IPC)');
  process.on('message', (message: { type: string }) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system });
    } else if (message.type === 'memory') {
      // A full collection first (the child runs with --expose-gc), so the heap figure is what
      // is live, not garbage the collector has not reached yet.
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      process.send?.({ type: 'memory', rss, heapUsed, external });
    } else if (message.type === 'stop') {
      void close().then(() => process.exit(0));
    }
  });
  // If the parent dies, don't linger as an orphan holding a port.
  process.on('disconnect', () => void close().then(() => process.exit(0)));
  process.send({ type: 'ready', url, info });
}
