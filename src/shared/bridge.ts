/**
 * The kiosk bridge: the one typed set of commands and events between the kiosk core (main
 * process) and its windows. Electron IPC (through the preload) and browser mode's WebSocket both
 * carry exactly this. The full command set grows with the kiosk issues; every input is parsed.
 */
import { z } from 'zod';

export const BRIDGE_CHANNEL = 'counter:bridge';

export const BridgeCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('getState') }),
]);
export type BridgeCommand = z.infer<typeof BridgeCommand>;

export const KioskState = z.object({
  status: z.enum(['starting', 'unpaired', 'ready']),
  serviceUrl: z.string().nullable(),
});
export type KioskState = z.infer<typeof KioskState>;

export const BridgeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: KioskState }),
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;

/** What the preload exposes on `window.counter`, and what browser mode provides the same way. */
export interface BridgeApi {
  invoke(command: BridgeCommand): Promise<unknown>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}
