/** The ops area as other areas see it. */
export { sayReconnect } from './streams';
export type { StreamRegistry } from './streams';
