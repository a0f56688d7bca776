/** The Agent Pay client's one error type (docs/agent-pay.md, "Errors"). */
import type { z } from 'zod';
import type { Contract } from '../shared/contract/agent';
import type { ErrorEnvelope } from '../shared/contract/errors';

type ContractRecord = z.infer<typeof Contract>;

export type AgentPayErrorCode =
  | 'AUTHORIZATION_TIMEOUT'
  | 'AUTHORIZATION_FAILED'
  | 'NOT_REGISTERED'
  | 'NO_API_KEY'
  | 'NO_KEY'
  /** verifyReceipt: the receipt is malformed, names no published key, or its signature fails. */
  | 'RECEIPT_INVALID'
  | z.infer<typeof ErrorEnvelope>['name'];

/** Every failure: `code` is the envelope's name for HTTP errors, or the client's own code. */
export class AgentPayError extends Error {
  constructor(
    readonly code: AgentPayErrorCode,
    message: string,
    readonly status?: number,
    readonly errors: { field: string; message: string }[] = [],
    /** The contract, for AUTHORIZATION_FAILED and AUTHORIZATION_TIMEOUT. */
    readonly contract?: ContractRecord,
  ) {
    super(message);
    this.name = 'AgentPayError';
  }
}
