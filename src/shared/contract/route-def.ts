/**
 * What one endpoint of the contract says: every area's sub-contract (areas/) is a
 * table of these, and `routes.ts` merges them into the one table.
 */
import type { z } from 'zod';

/**
 * Who may call a route. `merchant`: a merchant access secret (sandbox or production);
 * `terminal`: a paired terminal's secret only; `merchantOrTerminal`: either, a terminal being
 * limited to its own store; `sandbox`: a merchant sandbox secret; `public`: no secret;
 * `agent`: a merchant secret plus an Agent Pay request signature (docs/agent-pay.md).
 */
export type Auth = 'merchant' | 'terminal' | 'merchantOrTerminal' | 'sandbox' | 'public' | 'agent';

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: /api/customers/{customerId} */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A body of newline-delimited JSON (`application/x-ndjson`) instead of `body`: one value of this
   * schema per line, each handed to the handler as it arrives; the answer comes when the client
   * ends the body. For a client that keeps one request open and writes now and then.
   */
  lines?: z.ZodType;
  /** The success status and its body; `null` for a non-JSON body described by contentType. */
  status: number;
  response: z.ZodType | null;
  contentType?: string;
  /** The error statuses the route documents (401 is implied unless auth is public). */
  errors: number[];
  extension?: boolean;
  description?: string;
  /**
   * Creates or moves money: honours an `Idempotency-Key` header (replays the first answer for
   * 24 hours; 409 for the key with another request). docs/reliability.md.
   */
  idempotent?: boolean;
  /**
   * Answers whether a guessed value is right (a pairing code): the handler's refusals of a
   * well-formed request count as failed attempts against the caller's address, in a bucket of
   * the route's own (429 for every attempt once over the limit, the right code included).
   */
  guessable?: boolean;
  /**
   * A larger JSON body than the service's 64 KiB, for the one route that carries a file (the
   * merchant's logo, as a data URL). Every other route keeps the 64 KiB limit.
   */
  maxBodyBytes?: number;
}

export const route = <const R extends RouteDef>(r: R): R => r;
