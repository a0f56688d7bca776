/**
 * The service's HTTP server: listening, answering what Node's parser refuses, and draining; and
 * the primary of `--instances N`, which keeps N of them running on one port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import cluster from 'node:cluster';
import type { Hono } from 'hono';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorEnvelope } from '../shared/contract/errors';

/**
 * Listens on `hostname:port` (0 picks a free port) and resolves with the port; while `draining()`
 * every answer closes its connection (see Service.close).
 */
export function listen(
  app: Hono,
  port: number,
  hostname: string,
  draining: () => boolean,
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once('error', reject);
    server.on('clientError', answerClientError);
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (draining()) res.setHeader('connection', 'close');
    });
  });
}

/**
 * A request Node's HTTP parser refuses never reaches Hono: answer it in the envelope too (431
 * for headers or a URL over Node's 16 KiB, 400 for anything malformed), then close.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    status === 431
      ? errorEnvelope(431, 'The request line or headers are larger than 16 KiB')
      : errorEnvelope(400, 'The request is not valid HTTP'),
  );
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Stops accepting connections and lets the requests in flight finish: after `lingerMs` of
 * answering on the connections it has (each answer closing its connection; see Service.close),
 * idle keep-alive connections close as soon as they are idle, and whatever is still open after
 * `drainMs` is cut.
 *
 * The port closes first, without touching open connections (net.Server's close: http.Server's
 * would also close the idle ones): a balancer's new connection is refused, which it safely tries
 * on another instance, while a request it is sending on a kept-alive connection is still
 * answered. Closing such a connection under it instead resets the request, and a balancer does
 * not send a POST again.
 */
export async function drain(server: ServerType, drainMs: number, lingerMs: number): Promise<void> {
  const http = server as unknown as {
    closeIdleConnections?: () => void;
    closeAllConnections?: () => void;
  };
  const closed = new Promise<void>((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
  });
  if (lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, lingerMs));
  const idle = setInterval(() => http.closeIdleConnections?.(), 50);
  const cut = setTimeout(() => http.closeAllConnections?.(), drainMs);
  http.closeIdleConnections?.();
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
}

/**
 * `--instances N`: this process only keeps N service processes running (node:cluster shares the
 * port among them), each on the same database; SIGTERM drains them all, then stops the private
 * PostgreSQL if this process started one.
 */
export function runInstances(
  count: number,
  databaseUrl: string,
  embedded: { stop(): Promise<void> } | undefined,
): void {
  let stopping = false;
  let exitCode = 0;
  const fork = () => cluster.fork({ DATABASE_URL: databaseUrl });
  const alive = () => Object.keys(cluster.workers ?? {}).length;
  const finish = () =>
    void (embedded?.stop() ?? Promise.resolve()).then(() => process.exit(exitCode));
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive() === 0) finish();
      return;
    }
    // Decided a moment later: an instance's message that the port cannot be taken may come
    // after its exit, and then nothing is started again.
    setTimeout(() => {
      if (stopping) return;
      console.error(`instance ${worker.process.pid} stopped (${signal ?? code}); starting another`);
      fork();
    }, 500);
  });
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    if (alive() === 0) return finish();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  // The port is taken (or privileged): no instance can ever listen, so the primary says so in
  // the line one instance alone says, stops the others and exits 1, instead of starting one
  // every 500 ms for ever.
  cluster.on('message', (_worker, message: unknown) => {
    const line = (message as Record<string, unknown> | null)?.[LISTEN_FAILED];
    if (typeof line !== 'string' || stopping) return;
    console.error(line);
    exitCode = 1;
    shutdown();
  });
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** The message an instance sends its primary when the port cannot be taken. */
const LISTEN_FAILED = 'counterListenFailed';

/** In an instance of --instances: the port cannot be taken; `line` says why, in the primary. */
export function tellPrimaryListenFailed(line: string): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send({ [LISTEN_FAILED]: line }, () => resolve());
  });
}
