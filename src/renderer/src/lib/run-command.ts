import {
  parseReply,
  type BridgeCommand,
  type CommandName,
  type ReplyOf,
} from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';
import { checkCommand, formError, type FormError } from './form-errors';

export type CommandOutcome<T = unknown> = { ok: true; result: T } | { ok: false; error: FormError };
/** What `runCommand` gives for command `K`: its reply as the contract types it, or the error. */
export type OutcomeOf<K extends CommandName> = CommandOutcome<ReplyOf<K>>;

/**
 * Checks a command against the contract, sends it, reads the answer as the command's reply (its
 * schema in `bridgeCommands`: typed, and checked, so no window acts on a shape it did not
 * expect) and words any failure for the form whose fields `labels` names.
 */
export async function runCommand<C extends BridgeCommand>(
  bridge: RendererBridge,
  command: C,
  labels: Record<string, string>,
): Promise<OutcomeOf<C['type']>> {
  const checked = checkCommand(command);
  if (!checked.ok) return { ok: false, error: formError(checked.error, labels) };
  const reply = parseReply<C['type']>(command.type, await bridge.invoke(checked.command));
  if (reply.ok) return { ok: true, result: reply.result };
  return { ok: false, error: formError(reply.error, labels) };
}
