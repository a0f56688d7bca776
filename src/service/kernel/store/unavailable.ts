/**
 * Whether an error means the database cannot be reached right now (a lost or refused connection,
 * a server shutting down or starting up, a pool with no free connection in time), as opposed to
 * a statement the database refused. The HTTP layer answers the first kind with 503: the request
 * may be sent again once the database is back, and the store reconnects by itself.
 *
 * Recognised by shape, without importing a driver, so the kernel can ask it of any store's error.
 */

/** Socket errors from connecting to or talking with the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), and the server shutting down
 * (57P01 admin, 57P02 crash), starting up or recovering (57P03), or out of connection slots
 * (53300); and a write refused by a server in recovery (25006): behind one address that fails
 * over, a standby answering for a moment before its promotion is done is no primary yet.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/**
 * node-postgres reports these without a code; a standby refuses a serializable transaction with
 * 0A000 (feature not supported), a code too broad to read as "no primary" by itself.
 */
const DRIVER_MESSAGES = [
  'cannot use serializable mode in a hot standby',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
  // Connecting to "localhost" tries each address and reports an AggregateError of them all.
  if (Array.isArray(errors) && errors.some((e) => isUnavailable(e, depth + 1))) return true;
  return isUnavailable(cause, depth + 1);
}

/**
 * PostgreSQL aborted the work for concurrent changes: a serialization failure (40001) or a
 * deadlock (40P01) that reached the caller after the store's own attempts to run it again.
 * Nothing of it was kept, so, like an unreachable database, the request may simply be sent again.
 */
export function isBusy(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '40001' || code === '40P01' || isBusy(cause, depth + 1);
}
