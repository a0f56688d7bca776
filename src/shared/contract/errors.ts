/** The error envelope `{name, message, status, errors}`, its names and its quirks. */
import { z } from 'zod';

export const ErrorName = z.enum([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT FOUND', // the bank feed's spelling, which its clients match on
  'CONFLICT',
  /** Agent Pay: a send or collect under a contract its business or its human revoked (409). */
  'CONTRACT_REVOKED',
  /** Agent Pay: a send or collect under a contract past its validTo (409). */
  'CONTRACT_EXPIRED',
  /** A new payment, pairing or move into a store its merchant archived (409). */
  'STORE_ARCHIVED',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'REQUEST_HEADER_FIELDS_TOO_LARGE',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
]);
export type ErrorName = z.infer<typeof ErrorName>;

/** One problem with one field; `field` is the dotted path of the offending input. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/**
 * The envelope as the service sends it and as a client must accept it: `errors` may be an
 * array, the string "[]" (what some clients of the interface send and expect) or absent.
 */
export const ErrorEnvelope = z.object({
  name: ErrorName,
  message: z.string(),
  status: z.number().int().min(400).max(599),
  errors: z.union([z.array(FieldError), z.literal('[]')]).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const STATUS_NAMES: Record<number, ErrorName> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function errorEnvelope(
  status: number,
  message: string,
  errors: FieldError[] = [],
  name: ErrorName = STATUS_NAMES[status] ?? 'INTERNAL_SERVER_ERROR',
): ErrorEnvelope {
  return { name, message, status, errors };
}

/** Turns zod issues into field errors; `where` prefixes the path (body, query, path). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    // A bad record key reports its own rule (e.g. "must not contain [ or ]") one level down.
    const message =
      issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    return { field: path || '(body)', message };
  });
}

/** A 400 envelope whose message names every offending field. */
export function validationEnvelope(error: z.ZodError): ErrorEnvelope {
  const errors = fieldErrors(error);
  const message = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return errorEnvelope(400, message || 'Invalid request', errors);
}
