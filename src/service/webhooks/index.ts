/** The webhooks area as other areas see it. */
export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './schedule';
export { STALE_TIMESTAMP_SECONDS } from './signing';
