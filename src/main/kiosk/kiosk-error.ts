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
 * A failure in staff's words: the service's own message and field for a refusal, "cannot be
 * reached" for a lost connection; `field` names the form field when the service names none.
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
    return new KioskError(error.message, fieldError?.field ?? field);
  }
  return new KioskError(error instanceof Error ? error.message : String(error));
}
