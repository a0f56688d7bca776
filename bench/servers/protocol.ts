/**
 * The child side of lib/child-server.ts: announce the URL, report CPU time on request, and
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
    } else if (message.type === 'stop') {
      void close().then(() => process.exit(0));
    }
  });
  // If the parent dies, don't linger as an orphan holding a port.
  process.on('disconnect', () => void close().then(() => process.exit(0)));
  process.send({ type: 'ready', url, info });
}
