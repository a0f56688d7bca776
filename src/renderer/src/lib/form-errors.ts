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
  let message = error.message.trim();
  let named = error.field ?? null;
  // Schema errors arrive as "path: problem" ("amount: must be greater than 0"), sometimes with
  // the path only in the text (the service's pairing errors, passed on by the core).
  const [, path, rest] = /^([A-Za-z][\w.]*): (.+)$/s.exec(message) ?? [];
  if (path && rest) {
    if (!named && path in labels) named = path;
    if (path === named) message = rest;
  }
  const field = named && named in labels ? named : null;
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
