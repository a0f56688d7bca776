/** Errors the service answers with, always the envelope `{name, message, status, errors}`. */
import { errorEnvelope, type ErrorName, type FieldError } from '../../shared/contract/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly errorName?: ErrorName,
  ) {
    super(message);
  }

  toEnvelope() {
    return errorEnvelope(this.status, this.message, this.errors, this.errorName);
  }
}

/** A 400 that names one field. */
export const badField = (field: string, message: string) =>
  new ApiError(400, `${field}: ${message}`, [{ field, message }]);
export const notFound = (message: string) => new ApiError(404, message);
/** Only a 404 means "absent": a database that cannot answer must not read as one. */
export const isNotFound = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 404;
export const badRequest = (message: string) => new ApiError(400, message);

/**
 * 409 STORE_ARCHIVED: a new payment, pairing or move into a store its merchant archived. The
 * message names the store so the person at the till knows which one and what to ask for.
 */
export const storeArchived = (storeName: string, field = 'storeId') => {
  const message = `Store ${storeName} is archived: it takes no new payments or terminals; open it again on the dashboard`;
  return new ApiError(409, message, [{ field, message }], 'STORE_ARCHIVED');
};
