/**
 * The kiosk's side of its settings and remote actions, for kiosks the service plays itself (the
 * sandbox's simulated kiosks): its settings in force as it reads them on connecting, the actions
 * still waiting for it, and its answer to one, kept as a real kiosk's answer is (once).
 */
import type { TerminalActionKind } from '../../shared/contract/kiosk-settings';
import type { Environment } from '../kernel/caller';
import type { Clock } from '../kernel/clock';
import type { Store } from '../kernel/store/port';
import { effectiveOf } from './model';
import { actionStatements, settingsStatements } from './repo';

export function createKioskSide(store: Store, clock: Clock) {
  const settings = settingsStatements(store);
  const actions = actionStatements(store);
  return {
    effective: async (t: {
      id: string;
      merchant_id: string;
      environment: string;
      store_id: string;
    }) =>
      effectiveOf(
        t,
        await settings.forTerminal.all(t.merchant_id, t.environment, t.store_id, t.id),
      ),
    pending: async (terminalId: string) =>
      (await actions.pending.all(terminalId)).map((r) => ({
        id: r.id,
        action: r.action as TerminalActionKind,
      })),
    /** The kiosk's answer; false when it was answered already. */
    async answer(
      terminal: { id: string; merchantId: string; environment: Environment },
      actionId: string,
      status: 'DONE' | 'FAILED',
      message: string,
    ): Promise<boolean> {
      const now = clock.now(terminal.environment, terminal.merchantId);
      const done = await actions.settle.run(status, message, now, actionId, terminal.id);
      return done.changes === 1;
    },
  };
}
export type KioskSide = ReturnType<typeof createKioskSide>;
