/**
 * A contract as the API answers it (contracts.ts), and the live usage of every period cap: what
 * was used and what is reserved in the period the clock is in now (periods.ts).
 */
import type { z } from 'zod';
import type { Contract, Limits } from '../../shared/contract/agent';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { iso, type Clock } from '../kernel/clock';
import type { LinkedMethod } from './collect-cards';
import { limitsOf, type ContractStatements } from './contract-state';
import { periodWindow } from './periods';
import type { ContractRow } from './repo/contracts';

type LimitsValue = z.infer<typeof Limits>;

export interface PeriodUsage {
  period: LimitsValue['periodLimits'][number]['period'];
  capPence: number;
  usedPence: number;
  reservedPence: number;
  remainingPence: number;
  periodEnd: number;
}

export function createContractView(clock: Clock, { usageIn }: ContractStatements) {
  async function usage(
    row: ContractRow,
    now = clock.now(row.environment, row.merchant_id),
  ): Promise<PeriodUsage[]> {
    const limits = limitsOf(row);
    const anchor = Date.parse(limits.validFrom ?? iso(row.created_at));
    return Promise.all(
      limits.periodLimits.map(async (p) => {
        const w = periodWindow(p.period, p.alignment, anchor, now);
        const sums = (await usageIn.get(row.id, w.start, w.end))!;
        const capPence = poundsToPence(p.amount);
        return {
          period: p.period,
          capPence,
          usedPence: sums.used,
          reservedPence: sums.reserved,
          remainingPence: capPence - sums.used - sums.reserved,
          periodEnd: w.end,
        };
      }),
    );
  }

  async function view(
    row: ContractRow,
    opts: { publicUrl?: string; withUsage?: boolean } = {},
  ): Promise<z.input<typeof Contract>> {
    const linked = row.linked_method ? (JSON.parse(row.linked_method) as LinkedMethod) : undefined;
    return {
      contractId: row.id,
      agentId: row.agent_id,
      environment: row.environment,
      type: row.type,
      name: row.name,
      ...(row.description !== null ? { description: row.description } : {}),
      createdAt: iso(row.created_at),
      status: row.status,
      ...(opts.publicUrl && row.auth_token
        ? { authorizationUrl: `${opts.publicUrl}/agents/authorize/${row.auth_token}` }
        : {}),
      ...(row.approver_email !== null || row.approver_phone !== null
        ? {
            approver: row.approver_email
              ? { email: row.approver_email }
              : { phone: row.approver_phone! },
          }
        : {}),
      limits: limitsOf(row),
      ...(opts.withUsage
        ? {
            usage: (await usage(row)).map((u) => ({
              period: u.period,
              cap: penceToPounds(u.capPence),
              usedThisPeriod: penceToPounds(u.usedPence),
              reserved: penceToPounds(u.reservedPence),
              remaining: penceToPounds(u.remainingPence),
              periodEnd: iso(u.periodEnd),
            })),
          }
        : {}),
      ...(row.type === 'COLLECT'
        ? {
            serviceCustomerId: row.service_customer_id ?? undefined,
            ...(linked ? { linkedMethod: linked } : {}),
            ...(row.terms_version !== null ? { termsVersion: row.terms_version } : {}),
          }
        : {}),
      pendingUpdate:
        row.pending_limits !== null
          ? {
              limits: JSON.parse(row.pending_limits) as LimitsValue,
              requestedAt: iso(row.pending_requested_at!),
            }
          : null,
      ...(row.revoked_at !== null
        ? { revokedAt: iso(row.revoked_at), revokedBy: row.revoked_by ?? 'BUSINESS' }
        : {}),
    };
  }

  return { usage, view };
}
