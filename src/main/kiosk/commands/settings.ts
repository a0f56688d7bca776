/**
 * Settings, behind the staff PIN (except entering kiosk mode): pairing with a code or an access
 * secret, unpairing, and leaving or entering full-screen kiosk mode.
 */
import type { RedactedCredentials } from '../credentials';
import type { AreaHandlers } from '../dispatcher';
import { KioskError } from '../kiosk-error';
import { PIN_NOT_CHOSEN } from '../staff-pin';
import type { KioskContext } from './context';

/** The core's own pairing and kiosk-mode actions (they restart its connection to the service). */
export interface SettingsActions {
  pair(command: { baseUrl: string; code: string; name: string }): Promise<RedactedCredentials>;
  configure(command: { baseUrl: string; secret: string }): Promise<RedactedCredentials>;
  /** Forgets the pairing and everything kept for it. */
  unpair(): Promise<void>;
  setKioskMode(on: boolean): void;
}

export function settingsCommands(
  ctx: KioskContext,
  actions: SettingsActions,
): AreaHandlers<'settings'> {
  return {
    // Both answer the new pairing without its secret (credentials.ts `redact`).
    pairWithCode: ({ baseUrl, code, name }) => actions.pair({ baseUrl, code, name }),
    configureManually: ({ baseUrl, secret }) => actions.configure({ baseUrl, secret }),
    async unpair() {
      await actions.unpair();
      return { unpaired: true };
    },
    leaveKioskMode() {
      actions.setKioskMode(false);
      return { kioskMode: false };
    },
    enterKioskMode() {
      // Staff could not leave it again without a PIN.
      if (!ctx.staff.isSet()) throw new KioskError(PIN_NOT_CHOSEN);
      actions.setKioskMode(true);
      return { kioskMode: true };
    },
  };
}
