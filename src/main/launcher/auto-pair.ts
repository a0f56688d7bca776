/**
 * The newcomer's minute: on first start the kiosk pairs itself with the embedded service as a
 * sandbox terminal, through the same pairing-code API the dashboard uses, so a payment pushed
 * from the dashboard reaches the customer display with no setup at all.
 */
import { createClient } from '../../client/http-client';
import type { KioskCore } from '../kiosk/core';
import type { EmbeddedService } from './embedded-service';

export const AUTO_TERMINAL_NAME = 'Counter kiosk';

export async function pairWithEmbeddedService(
  core: KioskCore,
  embedded: EmbeddedService,
  log: (line: string) => void,
): Promise<void> {
  if (core.state().pairing.paired) return;
  const merchant = createClient({ baseUrl: embedded.url, secret: embedded.sandboxSecret });
  const { code } = await merchant.call('createPairingCode', { body: {} });
  // In process, not over the bridge: on first start no staff PIN has been chosen yet, and this is
  // the composition root pairing the kiosk with the service it started itself.
  await core
    .pairInProcess({ baseUrl: embedded.url, code, name: AUTO_TERMINAL_NAME })
    .catch((error: Error) => {
      throw new Error(`pairing the kiosk with the embedded service: ${error.message}`);
    });
  log(`paired this kiosk with the embedded service as "${AUTO_TERMINAL_NAME}" (sandbox)`);
}
