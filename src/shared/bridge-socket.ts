/**
 * The bridge over a WebSocket (browser kiosk mode, and the Electron shell when the core runs in
 * the `npm start` process): the same commands, replies and events as Electron IPC, framed with a
 * request id so replies find their caller. Both ends parse every frame with these schemas.
 *
 *   client → server  { id, command }      (the command is parsed by the core with BridgeCommand)
 *   server → client  { id, reply }        (one per command)
 *                    { event }            (state on connect, then every change)
 */
import { z } from 'zod';
import { BridgeEvent, BridgeReply } from './bridge';

/** The path the kiosk's HTTP server accepts WebSocket upgrades on. */
export const BRIDGE_SOCKET_PATH = '/bridge';

export const SocketRequest = z.object({
  id: z.number().int().nonnegative(),
  command: z.unknown(),
});
export type SocketRequest = z.infer<typeof SocketRequest>;

export const SocketMessage = z.union([
  z.object({ id: z.number().int().nonnegative(), reply: BridgeReply }),
  z.object({ event: BridgeEvent }),
]);
export type SocketMessage = z.infer<typeof SocketMessage>;
