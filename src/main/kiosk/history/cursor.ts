/**
 * Opaque keyset cursors for newest-first paging: the (created_at, payment_request_id) of the
 * last row served. Rows inserted later sort before the cursor, so the next page never repeats
 * or skips a row whatever arrives meanwhile.
 */
export interface CursorKey {
  createdAt: number;
  paymentRequestId: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.paymentRequestId])).toString('base64url');
}

export class BadCursorError extends Error {
  constructor() {
    super('The page cursor is not one this history gave out');
    this.name = 'BadCursorError';
  }
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string'
    )
      return { createdAt: value[0] as number, paymentRequestId: value[1] };
  } catch {
    /* falls through to the error below */
  }
  throw new BadCursorError();
}
