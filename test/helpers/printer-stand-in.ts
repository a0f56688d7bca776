/**
 * A network receipt printer for tests: a TCP server on loopback that takes raw print jobs as a
 * printer's port 9100 does, and keeps each connection's bytes for the test to decode
 * (receipt-decoder.ts). It can be switched off (the port refuses connections, as a printer that
 * is off does) and on again on the same port, and told to drop the next job part-way.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface PrinterStandIn {
  port: number;
  /** Every job received whole (the client sent it all and closed), in order. */
  jobs: Uint8Array[];
  /** Jobs dropped part-way, with the bytes that arrived before the drop. */
  dropped: Uint8Array[];
  /** The next job is reset after `afterBytes` bytes arrive: the printer lost power mid-job. */
  dropNextJob(afterBytes: number): void;
  /** Resolves when `count` whole jobs have arrived. */
  waitForJobs(count: number, timeoutMs?: number): Promise<Uint8Array[]>;
  off(): Promise<void>;
  on(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrinterStandIn(): Promise<PrinterStandIn> {
  let server: Server | null = null;
  let port = 0;
  let dropAfter: number | null = null;
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const jobs: Uint8Array[] = [];
  const dropped: Uint8Array[] = [];

  function accept(socket: Socket) {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let received = 0;
    const dropAt = dropAfter;
    dropAfter = null;
    socket.on('data', (chunk) => {
      if (dropAt !== null && received + chunk.length >= dropAt) {
        chunks.push(chunk.subarray(0, dropAt - received));
        dropped.push(Buffer.concat(chunks));
        // A reset, as a printer switched off mid-job gives: the sender cannot think it printed.
        socket.resetAndDestroy();
        return;
      }
      chunks.push(chunk);
      received += chunk.length;
    });
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
      for (const wake of waiters) wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  }

  async function listen() {
    server = createServer(accept);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as { port: number }).port;
  }
  async function stop() {
    for (const socket of sockets) socket.destroy();
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await listen();

  return {
    get port() {
      return port;
    },
    jobs,
    dropped,
    dropNextJob(afterBytes) {
      dropAfter = afterBytes;
    },
    waitForJobs(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (jobs.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(jobs.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the printer received ${jobs.length} jobs, not ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    off: stop,
    on: listen,
    close: stop,
  };
}
