/**
 * Terminals the sandbox itself plays (sandbox-kiosks/): paired as a real kiosk is (a terminal
 * row and its secret, the secret never shown: nobody else speaks for it), marked simulated, and
 * kept online by the instance that plays it holding its stream's lease, as a real stream does
 * (model.ts, createPresence).
 */
import { randomUUID } from 'node:crypto';
import { HEARTBEAT_MS } from './stream';
import type { Clock } from '../kernel/clock';
import { ApiError, storeArchived } from '../kernel/errors';
import { keepSecret, newSecret, secretWrites } from '../kernel/secrets';
import type { Store } from '../kernel/store/port';
import { createStoreViews } from '../merchants';
import { simulatedTerminalStatements } from './repo/simulated';

export function createSimulatedTerminals(store: Store, clock: Clock) {
  const sql = simulatedTerminalStatements(store);
  const secrets = secretWrites(store);
  const { openOrArchived, primaryOf } = createStoreViews(store);
  const now = (merchantId: string) => clock.now('sandbox', merchantId);
  // As a real stream's: real time, two heartbeats long, renewed every heartbeat.
  const lease = () => Date.now() + 2 * HEARTBEAT_MS;

  return {
    /** How often a lease is renewed. */
    heartbeatMs: HEARTBEAT_MS,
    /** Pairs a sandbox terminal in the merchant's open store (404, or 409 archived, naming storeId). */
    async pair(merchantId: string, storeId: string | undefined, name: string): Promise<string> {
      const id = storeId ?? (await primaryOf(merchantId))!;
      const found = await openOrArchived(id, merchantId, 'sandbox');
      if (!found)
        throw new ApiError(404, 'No store with this id for this merchant', [
          { field: 'storeId', message: 'is not a store of this merchant' },
        ]);
      if (found.archived_at !== null) throw storeArchived(found.name);
      const terminalId = randomUUID();
      await store.tx(async () => {
        await sql.insert.run(terminalId, merchantId, id, name, now(merchantId));
        await keepSecret(store, {
          secret: newSecret('terminal', 'sandbox'),
          merchantId,
          environment: 'sandbox',
          kind: 'terminal',
          terminalId,
          now: now(merchantId),
        });
      });
      return terminalId;
    },
    /** Takes its stream's lease unless another instance holds it; true when taken. */
    async claim(terminalId: string, merchantId: string, anyway: boolean): Promise<boolean> {
      const floor = anyway ? Number.MAX_SAFE_INTEGER : Date.now();
      return (await sql.claim.run(now(merchantId), lease(), terminalId, floor)).changes === 1;
    },
    /** Renews the lease (`open`) or gives it up, with last seen now. */
    seen: (terminalId: string, merchantId: string, open: boolean) =>
      sql.seen.run(now(merchantId), open ? lease() : null, terminalId),
    async unpair(terminalId: string, merchantId: string): Promise<void> {
      await store.tx(async () => {
        await sql.remove.run(now(merchantId), terminalId);
        await secrets.revokeTerminal(terminalId, now(merchantId));
      });
    },
  };
}
export type SimulatedTerminals = ReturnType<typeof createSimulatedTerminals>;
