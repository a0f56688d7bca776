/**
 * The words staff read when a command fails: every failure of a handler becomes a `KioskError`
 * with a message that says what to do, and the field of the form it belongs to when there is one.
 */
import { ApiClientError } from '../../client/http-client';
import { PairingError } from './pairing';

export class KioskError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The service's field names that differ inside the kiosk: the service takes decimal pounds as
 * `amount`, the bridge carries integer pence as `amountPence` (converted where the core calls
 * the service), so a refusal of `amount` belongs next to the bridge's `amountPence`.
 */
const KIOSK_FIELDS: Readonly<Record<string, string>> = { amount: 'amountPence' };

/** The service's refusal in the bridge's field names: the field, and the message's "field: …". */
function inKioskTerms(message: string, field: string | undefined) {
  const renamed = field !== undefined ? KIOSK_FIELDS[field] : undefined;
  if (field === undefined || renamed === undefined) return { message, field };
  const prefix = `${field}: `;
  return {
    message: message.startsWith(prefix) ? `${renamed}: ${message.slice(prefix.length)}` : message,
    field: renamed,
  };
}

/**
 * A failure in staff's words: the service's own message and field for a refusal (in the
 * bridge's field names), "cannot be reached" for a lost connection; `field` names the form
 * field when the service names none.
 */
export function explain(error: unknown, field?: string): KioskError {
  if (error instanceof KioskError) return error;
  if (error instanceof PairingError) return new KioskError(error.message);
  if (error instanceof ApiClientError) {
    if (error.status === 0)
      return new KioskError(
        'The payments service cannot be reached; check the connection and try again',
      );
    const fieldError = Array.isArray(error.envelope?.errors) ? error.envelope.errors[0] : undefined;
    const named = inKioskTerms(error.message, fieldError?.field);
    return new KioskError(named.message, named.field ?? field);
  }
  return new KioskError(error instanceof Error ? error.message : String(error));
}
