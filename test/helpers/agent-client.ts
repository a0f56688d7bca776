/**
 * What the Agent Pay client's tests (src/service/agent/client-*.test.ts) share: the sandbox clock
 * and control, a customer row to contract with, and the check of a refused call's error.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { AgentPayError } from '../../src/agent/index';
import type { Harness } from './service';

/** Awaits `promise`, which must fail with an AgentPayError of `code` (and text); answers it. */
export async function rejects(promise: Promise<unknown>, code: string, text?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentPayError);
  expect((error as AgentPayError).code).toBe(code);
  if (text) expect((error as AgentPayError).message).toMatch(text);
  return error as AgentPayError;
}

let customerCount = 0;

/** The sandbox clock, the sandbox control and customer rows of the service `harness()` runs. */
export function clientTools(harness: () => Harness) {
  const advance = async (ms: number) => {
    const res = await harness().call('POST', '/api/sandbox/clock/advance', { ms });
    expect(res.status).toBe(200);
  };
  const authorize = (contractId: string, decision: 'APPROVE' | 'DECLINE', extra = {}) =>
    harness().call('POST', `/api/sandbox/contracts/${contractId}/authorize`, {
      decision,
      ...extra,
    });

  /** A customer row as card on file's create customer makes it (that API is another area). */
  async function insertCustomer(): Promise<string> {
    const h = harness();
    const id = randomUUID();
    await h.service.store
      .prepare(
        `INSERT INTO customers (id, merchant_id, environment, full_name, email, created_at)
       VALUES (?, ?, 'sandbox', 'Jo Bloggs', ?, ?)`,
      )
      .run(
        id,
        h.service.bootstrap.merchantId,
        `jo${++customerCount}-${id}@example.com`,
        Date.now(),
      );
    return id;
  }

  return { advance, authorize, insertCustomer };
}
