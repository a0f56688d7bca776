/** The terminals area as other areas see it. */
export { HEARTBEAT_MS } from './stream';
export type { Presence, TerminalReader, TerminalRow } from './model';
export { pushTokenWrites } from './repo/terminals';
export { createSimulatedTerminals, type SimulatedTerminals } from './simulated';
