/**
 * The Agents page's state: the business's agents, their contracts (filtered by type and status)
 * with live usage, and the payments under the contracts the merchant has opened. Read with the
 * API key alone (GET /api/agents, /api/agent-contracts[/{id}/payments]). Contracts and their
 * payments send no events on the merchant's change stream, so the page polls while it is open
 * (areas/agents/AgentsArea.tsx: every POLL_MS); each refresh drops answers overtaken by a newer one.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type {
  Agent,
  Contract,
  ContractPayment,
  ContractStatus,
  ContractType,
} from '../../shared/contract/agent';
import { failureMessage, isStale, type Call } from '../lib/api';

export const POLL_MS = 5000;
/** The page shows this many contracts (newest first) and says how many there are in all. */
export const CONTRACT_PAGE_SIZE = 50;
const PAYMENT_PAGE_SIZE = 20;

export type AgentRecord = z.infer<typeof Agent>;
export type ContractRecord = z.infer<typeof Contract>;
export type PaymentRecord = z.infer<typeof ContractPayment>;
export type TypeFilter = z.infer<typeof ContractType> | '';
export type StatusFilter = z.infer<typeof ContractStatus> | '';

export interface ContractPayments {
  data: PaymentRecord[] | null;
  totalCount: number;
  error: string;
}

export interface AgentsState {
  agents: AgentRecord[] | null;
  contracts: ContractRecord[] | null;
  totalContracts: number;
  type: TypeFilter;
  status: StatusFilter;
  error: string;
  /** Payments of the contracts whose payments are shown, by contract id. */
  payments: Record<string, ContractPayments>;
  refresh(): Promise<void>;
  setType(type: TypeFilter): void;
  setStatus(status: StatusFilter): void;
  /** Shows or hides a contract's payments (loading them when shown). */
  togglePayments(contractId: string): void;
  /**
   * Revokes a contract (POST /api/agents/contracts/{id}/revoke): REVOKED at once, later payments
   * refused. Resolves to an error message, or '' once the list shows it revoked.
   */
  revoke(contractId: string): Promise<string>;
}

export function createAgentsStore(call: Call) {
  let ticket = 0;
  const paymentTickets: Record<string, number> = {};

  return createStore<AgentsState>()((set, get) => {
    async function loadPayments(contractId: string) {
      const mine = (paymentTickets[contractId] = (paymentTickets[contractId] ?? 0) + 1);
      try {
        const page = await call('listBusinessContractPayments', {
          params: { contractId },
          query: { page: 0, size: PAYMENT_PAGE_SIZE },
        });
        if (mine !== paymentTickets[contractId] || !get().payments[contractId]) return;
        set({
          payments: {
            ...get().payments,
            [contractId]: { data: page.data, totalCount: page.totalCount, error: '' },
          },
        });
      } catch (error) {
        if (isStale(error) || mine !== paymentTickets[contractId]) return;
        const shown = get().payments[contractId];
        if (shown)
          set({
            payments: {
              ...get().payments,
              [contractId]: {
                ...shown,
                error: `Could not load payments: ${failureMessage(error)}`,
              },
            },
          });
      }
    }

    return {
      agents: null,
      contracts: null,
      totalContracts: 0,
      type: '',
      status: '',
      error: '',
      payments: {},

      async refresh() {
        const mine = ++ticket;
        const { type, status } = get();
        try {
          const [agents, contracts] = await Promise.all([
            call('listAgents', { query: { page: 0, size: 100 } }),
            call('listBusinessContracts', {
              query: {
                page: 0,
                size: CONTRACT_PAGE_SIZE,
                ...(type ? { type } : {}),
                ...(status ? { status } : {}),
              },
            }),
          ]);
          if (mine !== ticket) return;
          set({
            agents: agents.data,
            contracts: contracts.data,
            totalContracts: contracts.totalCount,
            error: '',
          });
          await Promise.all(Object.keys(get().payments).map(loadPayments));
        } catch (error) {
          if (!isStale(error) && mine === ticket)
            set({ error: `Could not load agents and contracts: ${failureMessage(error)}` });
        }
      },

      setType(type) {
        set({ type });
        void get().refresh();
      },
      setStatus(status) {
        set({ status });
        void get().refresh();
      },

      async revoke(contractId) {
        try {
          const revoked = await call('revokeContract', { params: { contractId } });
          set({
            contracts: (get().contracts ?? []).map((c) =>
              c.contractId === contractId ? revoked : c,
            ),
          });
          void get().refresh();
          return '';
        } catch (error) {
          return `Could not revoke: ${failureMessage(error)}`;
        }
      },

      togglePayments(contractId) {
        const { [contractId]: shown, ...rest } = get().payments;
        if (shown) return set({ payments: rest });
        set({ payments: { ...rest, [contractId]: { data: null, totalCount: 0, error: '' } } });
        void loadPayments(contractId);
      },
    };
  });
}
export type AgentsStore = ReturnType<typeof createAgentsStore>;
