import type { BridgeCommand } from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';
import { checkCommand, formError, type FormError } from './form-errors';

export type CommandOutcome = { ok: true; result: unknown } | { ok: false; error: FormError };

/**
 * Checks a command against the contract, sends it, and words any failure for the form whose
 * fields `labels` names.
 */
export async function runCommand(
  bridge: RendererBridge,
  command: BridgeCommand,
  labels: Record<string, string>,
): Promise<CommandOutcome> {
  const checked = checkCommand(command);
  if (!checked.ok) return { ok: false, error: formError(checked.error, labels) };
  const reply = await bridge.invoke(checked.command);
  if (reply.ok) return { ok: true, result: reply.result };
  return { ok: false, error: formError(reply.error, labels) };
}
