/** Agent identities: one per public key, business and environment (docs/agent-pay.md). */
import { randomUUID, type KeyObject } from 'node:crypto';
import type { z } from 'zod';
import type { Agent } from '../../shared/contract/agent';
import { iso, type Clock } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import { ApiError } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { parsePublicKey } from './keys';
import { agentStatements, type AgentRow } from './repo/agents';

export type { AgentRow } from './repo/agents';

type Scope = Pick<Caller, 'merchantId' | 'environment'>;

export function agentView(row: AgentRow, shape: 'registered' | 'identity'): z.input<typeof Agent> {
  return {
    agentId: row.id,
    businessId: row.merchant_id,
    environment: row.environment,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    // publicKeyPem is returned by registration only; status by me and list (docs/agent-pay.md).
    ...(shape === 'registered' ? { publicKeyPem: row.public_key_pem } : { status: row.status }),
    createdAt: iso(row.created_at),
  };
}

export function createAgentStore(store: Store, clock: Clock) {
  const { byId, byKey, insert, rename, page, count } = agentStatements(store);

  // Parsing a PEM costs more than the signature check; a registered key never changes.
  const keys = new Map<string, KeyObject>();

  return {
    get: (scope: Scope, id: string) => byId.get(id, scope.merchantId, scope.environment),

    keyOf(row: AgentRow): KeyObject {
      let key = keys.get(row.public_key_pem);
      if (!key) {
        key = parsePublicKey(row.public_key_pem);
        keys.set(row.public_key_pem, key);
      }
      return key;
    },

    /**
     * Registers the key, or finds it registered: idempotent for the same key, business and
     * environment; a changed name or description is saved. Naming an existing agent
     * (X-Agent-Id) with another key is a conflict: an agent's key never changes.
     */
    async register(
      scope: Scope,
      input: {
        claimedAgentId: string;
        publicKeyPem: string;
        keyThumbprint: string;
        name: string;
        description?: string;
      },
    ): Promise<{ row: AgentRow; created: boolean }> {
      return store.tx(async () => {
        if (input.claimedAgentId) {
          const claimed = await byId.get(input.claimedAgentId, scope.merchantId, scope.environment);
          if (!claimed) throw new ApiError(404, 'X-Agent-Id names no agent of this business');
          if (claimed.key_thumbprint !== input.keyThumbprint)
            throw new ApiError(
              409,
              'This agent is registered with a different key; an agent keeps its key (register the new key as a new agent)',
            );
        }
        const existing = await byKey.get(scope.merchantId, scope.environment, input.keyThumbprint);
        const description = input.description ?? null;
        if (existing) {
          if (existing.name === input.name && existing.description === description)
            return { row: existing, created: false };
          const now = Math.max(
            clock.now(scope.environment, scope.merchantId),
            existing.updated_at + 1,
          );
          if (
            (await rename.run(input.name, description, now, existing.id, existing.updated_at))
              .changes === 0
          )
            throw new ApiError(409, 'The agent changed meanwhile; register again');
          return {
            row: { ...existing, name: input.name, description, updated_at: now },
            created: false,
          };
        }
        const now = clock.now(scope.environment, scope.merchantId);
        const id = `agt_${randomUUID().replace(/-/g, '')}`;
        await insert.run({
          id,
          merchantId: scope.merchantId,
          environment: scope.environment,
          name: input.name,
          description,
          pem: input.publicKeyPem,
          thumb: input.keyThumbprint,
          now,
        });
        return { row: (await byId.get(id, scope.merchantId, scope.environment))!, created: true };
      });
    },

    async list(scope: Scope, pageNo: number, size: number) {
      return {
        data: await page.all(scope.merchantId, scope.environment, size, pageNo * size),
        totalCount: (await count.get(scope.merchantId, scope.environment))!.n,
      };
    },
  };
}
export type AgentStore = ReturnType<typeof createAgentStore>;
