/**
 * The largest amount the console's keypad takes: the terminal's largest payment, or lower, the
 * keypad limit the merchant sets for the store or kiosk (`keypadMaxPence`, docs/fleet.md) once a
 * level sets one. The kiosk core refuses the same amounts (central-settings.ts).
 */
import type { KioskState } from '../../../shared/bridge';
import { overKeypadLimit, setBy } from '../../../shared/contract/kiosk-settings';
import { overTerminalLimit } from '../../../shared/contract/terminals';
import { MAX_PENCE } from '../../../shared/money';

export interface KeypadLimit {
  /** The largest amount a key may make. */
  pence: number;
  /** Who set it, when it is the merchant's keypad limit ("Set by your store"); else null. */
  setBy: string | null;
  /** The terminal's own largest payment, when known. */
  terminalPence: number | null;
}

type Central = KioskState['central'];

/** The keypad limit set by a level, or null (the default leaves the terminal's limit alone). */
function centralLimit(central: Central): number | null {
  const set = central?.settings.keypadMaxPence;
  const from = central?.from.keypadMaxPence;
  return typeof set === 'number' && from && from !== 'default' ? set : null;
}

/** From the kiosk state's `maxPence` (the terminal's) and `central` (the merchant's settings). */
export function keypadLimit(terminalPence: number | null, central: Central): KeypadLimit {
  const fromCentral = centralLimit(central);
  const terminal = terminalPence ?? MAX_PENCE;
  if (fromCentral !== null && fromCentral < terminal)
    return { pence: fromCentral, setBy: setBy(central?.from.keypadMaxPence), terminalPence };
  return { pence: terminal, setBy: null, terminalPence };
}

/** What staff are told of an amount over the limit (a basket's, or one keyed before it fell). */
export function overLimitMessage(limit: KeypadLimit, pence: number): string | null {
  if (pence <= limit.pence) return null;
  if (limit.setBy) return `${overKeypadLimit(pence, limit.pence)}.`;
  return limit.terminalPence !== null ? `${overTerminalLimit(pence, limit.terminalPence)}.` : null;
}
