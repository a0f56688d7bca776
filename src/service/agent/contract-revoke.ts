/**
 * A contract's end by revocation (contracts.ts): by its business (the API key, the dashboard)
 * or by its human, through the revoke link whose token only they hold.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { FINAL, type ContractState } from './contract-state';
import type { ContractRow } from './repo/contracts';

/** Who revoked a contract: its business (the API key, the dashboard) or its human (their link). */
export type Revoker = 'BUSINESS' | 'APPROVER';

/** A revoke link's token is kept only as this hash: the database alone cannot revoke. */
export const revokeTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

export function createContractRevocation(
  store: Store,
  clock: Clock,
  { save, expireIfDue }: ContractState,
) {
  /**
   * Revokes the contract at once: REVOKED, its authorization link closed, and nothing more can
   * be paid under it (spending.ts reads the status in the transaction that reserves). Revoking
   * a REVOKED contract answers it unchanged; a DECLINED or EXPIRED one never moved money and
   * keeps its status (409).
   */
  async function revoke(row: ContractRow, by: Revoker): Promise<ContractRow> {
    return store.tx(async () => {
      const current = await expireIfDue(row);
      if (current.status === 'REVOKED') return current;
      if (FINAL.has(current.status))
        throw new ApiError(
          409,
          `The contract is already ${current.status}: no payment can be made under it, so there is nothing to revoke`,
        );
      return await save(current, {
        ...current,
        status: 'REVOKED',
        pending_limits: null,
        pending_requested_at: null,
        auth_token: null,
        auth_expires_at: null,
        revoked_at: clock.now(current.environment, current.merchant_id),
        revoked_by: by,
      });
    });
  }

  /**
   * A new revoke link for the contract's human, replacing any earlier one: the token is returned
   * once, to be sent to them, and only its hash is kept.
   */
  async function newRevokeToken(row: ContractRow): Promise<{ row: ContractRow; token: string }> {
    const token = randomBytes(24).toString('base64url');
    return { row: await save(row, { ...row, revoke_token_hash: revokeTokenHash(token) }), token };
  }

  return { revoke, newRevokeToken };
}
