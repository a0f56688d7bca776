/**
 * Turning the bridge's errors into sentences next to the right field. Commands are checked with
 * the contract's own schema before they are sent (the preload refuses an invalid command by
 * throwing), so staff see the same wording whether the renderer or the core caught the mistake.
 */
import { BridgeCommand, type BridgeReply } from '../../../shared/bridge';

export interface FormError {
  /** The command field it belongs to (e.g. `amount`, `query.orderId`), or null for the form. */
  field: string | null;
  message: string;
}

type Failure = Extract<BridgeReply, { ok: false }>['error'];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * `labels` names the fields this form shows; an error for a field the form does not show is
 * attached to the form as a whole, so it is never lost.
 */
export function formError(error: Failure, labels: Record<string, string>): FormError {
  const field = error.field && error.field in labels ? error.field : null;
  let message = error.message.trim();
  // The core prefixes schema errors with their path ("amount: must be greater than 0").
  if (error.field && message.startsWith(`${error.field}: `))
    message = message.slice(error.field.length + 2);
  if (field && /^(must|is|should|cannot|can't)\b/.test(message))
    message = `${labels[field]} ${message}`;
  return { field, message: sentence(capitalise(message)) };
}

export type Checked =
  { ok: true; command: BridgeCommand } | { ok: false; error: Failure & { field?: string } };

/** The command as the core will parse it (trimmed, defaults applied), or the first problem. */
export function checkCommand(command: BridgeCommand): Checked {
  const parsed = BridgeCommand.safeParse(command);
  if (parsed.success) return { ok: true, command: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  return { ok: false, error: { message: issue.message, ...(field ? { field } : {}) } };
}
