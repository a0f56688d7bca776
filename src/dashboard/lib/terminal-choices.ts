/** Which terminals can take a pushed payment now, and why the others cannot. */
import type { z } from 'zod';
import type { Terminal } from '../../shared/contract/terminals';

export type TerminalRecord = z.infer<typeof Terminal>;

export interface TerminalChoice {
  id: string;
  name: string;
  /** Empty when the terminal can take a payment. */
  reason: string;
}

export function unavailableReason(terminal: TerminalRecord): string {
  if (!terminal.remotePaymentsEnabled) return 'remote payments are off';
  if (terminal.tokenMissing) return 'waiting for the kiosk to connect';
  return '';
}

export function terminalChoices(terminals: readonly TerminalRecord[]): TerminalChoice[] {
  return terminals.map((t) => ({ id: t.id, name: t.name, reason: unavailableReason(t) }));
}

/** Keeps the choice while it is usable; otherwise picks the only usable terminal, if one. */
export function pickTerminal(choices: readonly TerminalChoice[], current: string): string {
  const usable = choices.filter((c) => !c.reason);
  if (usable.some((c) => c.id === current)) return current;
  return usable.length === 1 ? usable[0]!.id : '';
}

/** The terminal column of the payments list. */
export function terminalName(
  terminals: readonly TerminalRecord[],
  id: string | null | undefined,
): string {
  if (!id) return '—';
  return terminals.find((t) => t.id === id)?.name ?? 'Unpaired terminal';
}
