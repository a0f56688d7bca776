/**
 * What the terminal's own record says (GET /api/terminal/me, docs/terminals.md): its largest
 * payment, and its shop as the display and printed receipts show it (renamed, a new address).
 * Read when the kiosk connects, whenever push connects, on a TERMINAL_PROFILE event, every
 * `refreshMs` and after the service refused an amount; forgotten with the pairing.
 */
import { overTerminalLimit } from '../../shared/contract/terminals';
import { poundsToPence } from '../../shared/money';
import { ApiClientError, type ApiClient } from '../../client/http-client';
import type { Credentials } from './credentials';
import { KioskError } from './kiosk-error';

export interface Shop {
  name: string;
  lines: string[];
  logoUrl?: string;
}

export interface TerminalProfileOptions {
  /** The current pairing's client and credentials; null while unpaired. */
  current(): { client: ApiClient; credentials: Credentials } | null;
  /** The largest payment or the shop changed. */
  onChange(): void;
  log(line: string): void;
  /** Default 60 s. */
  refreshMs?: number;
}

export function createTerminalProfile(options: TerminalProfileOptions) {
  /** The terminal's largest payment in pence, from its own record; null when unknown. */
  let maxPence: number | null = null;
  /** The shop as the service last described it; until then, as at pairing. */
  let shop: Shop | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function refresh() {
    const current = options.current();
    if (!current || current.credentials.kind !== 'terminal') return;
    try {
      const terminal = await current.client.call('getOwnTerminal');
      // Paired again (or unpaired) meanwhile: this answer was the old pairing's.
      if (options.current()?.client !== current.client) return;
      const next = poundsToPence(terminal.maxAmount);
      const nextShop = terminal.shop ?? null;
      if (next !== maxPence || JSON.stringify(nextShop) !== JSON.stringify(shop)) {
        maxPence = next;
        shop = nextShop;
        options.onChange();
      }
    } catch (error) {
      // A service that cannot be reached (or is still starting) is the connection's to report;
      // the record is read again as soon as push connects.
      if (error instanceof ApiClientError && error.status === 0) return;
      // An older service without the call: the service still refuses what is too large.
      options.log(`terminal record: ${(error as Error).message}`);
    }
  }

  return {
    refresh,
    /** A terminal's record is read now and every `refreshMs` while it stays paired. */
    start() {
      void refresh();
      timer = setInterval(() => void refresh(), options.refreshMs ?? 60_000);
      timer.unref();
    },
    /** The pairing is let go of: what its record said goes with it. */
    forget() {
      if (timer) clearInterval(timer);
      timer = null;
      maxPence = null;
      shop = null;
    },
    maxPence: () => maxPence,
    shop: () => shop,
    shopName: () => shop?.name ?? options.current()?.credentials.merchantName ?? null,
    /** Over the limit as last read: read it again first (the merchant may just have raised it). */
    async withinLimit(pence: number, field: string) {
      if (maxPence !== null && pence > maxPence) await refresh();
      if (maxPence !== null && pence > maxPence)
        throw new KioskError(overTerminalLimit(pence, maxPence), field);
    },
  };
}
export type TerminalProfile = ReturnType<typeof createTerminalProfile>;
