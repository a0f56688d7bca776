/** What the Agents page says about a contract, as pure functions (tested in test/dashboard/agents.test.ts). */
import type { z } from 'zod';
import type { Agent, Contract, ContractUsage } from '../../shared/contract/agent';
import { formatPounds } from '../../shared/format';

type Usage = z.infer<typeof ContractUsage>;
type AgentRecord = z.infer<typeof Agent>;
type ContractRecord = z.infer<typeof Contract>;

export const TYPE_LABEL: Record<ContractRecord['type'], string> = {
  SEND: 'Sends payments',
  COLLECT: 'Collects from a customer',
};

export const CONTRACT_STATUS_TONE: Record<ContractRecord['status'], string> = {
  PENDING_AUTHORIZATION: 'waiting',
  ACTIVE: 'success',
  DECLINED: 'danger',
  EXPIRED: 'muted',
  REVOKED: 'muted',
};

/** How much of the cap is spoken for (used and reserved), 0-100, for the bar. */
export function usagePercent(u: Usage): number {
  if (u.cap <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round(((u.usedThisPeriod + u.reserved) / u.cap) * 100)));
}

/** "£20.00 used, £5.00 reserved, £75.00 left of £100.00". */
export function usageText(u: Usage, currency: string): string {
  const m = (n: number) => formatPounds(n, currency);
  return `${m(u.usedThisPeriod)} used, ${m(u.reserved)} reserved, ${m(Math.max(u.remaining, 0))} left of ${m(u.cap)}`;
}

export function agentName(agents: readonly AgentRecord[] | null, agentId: string): string {
  return agents?.find((a) => a.agentId === agentId)?.name ?? agentId;
}
