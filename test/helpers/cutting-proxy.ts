/**
 * A proxy on loopback that forwards everything to `target`; with `state.cutNext`, the next answer
 * to `path` is lost: the request is made and answered upstream, the connection dropped before the
 * answer reaches the client (what a retry with the same key must survive). `state.path` may be
 * changed once the path is known (a payment's id made through the proxy). While `state.dark`,
 * every connection is dropped unanswered: the service out of reach.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cleanups } from './kiosk';

export async function answerCuttingProxy(target: string, path: string, cleanups: Cleanups) {
  const state = { cutNext: false, cut: 0, path, dark: false };
  const server: Server = createServer((req, res) => {
    if (state.dark) return void res.socket?.destroy();
    const upstream = request(
      target + req.url,
      { method: req.method, headers: req.headers },
      (answer) => {
        if (state.cutNext && req.url === state.path) {
          state.cutNext = false;
          state.cut++;
          answer.resume();
          answer.on('end', () => res.socket?.destroy()); // made, answered, never delivered
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state };
}
