/**
 * Agents (Agent Pay): the business's agents, their spending contracts with the limits in plain
 * words and a usage bar per period, staged updates beside the current limits, and the payments
 * made under each contract, and since when and by whom one was revoked. Agents create contracts
 * and people approve them on the hosted page; here the business can revoke one at once.
 * Contracts send no events on the merchant stream, so this page polls (POLL_MS).
 */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { CONTRACT_STATUS_LABEL } from '../../../shared/agent-words';
import { ContractStatus } from '../../../shared/contract/agent';
import { formatDateTime, formatWhen } from '../../../shared/format';
import { Select } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDashboard } from '../../context';
import {
  POLL_MS,
  createAgentsStore,
  type AgentRecord,
  type AgentsStore,
  type StatusFilter,
  type TypeFilter,
} from '../../store/agents';
import { TYPE_LABEL } from '../../lib/agents-usage';
import { ContractItem } from './ContractItem';

export function AgentsArea() {
  const { call } = useDashboard();
  const store = useMemo(() => createAgentsStore(call), [call]);
  useEffect(() => {
    void store.getState().refresh();
    const timer = setInterval(() => {
      if (!document.hidden) void store.getState().refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [store]);
  return <AgentsView store={store} />;
}

/** The page for a store (rendered on its own by the component tests). */
export function AgentsView({ store }: { store: AgentsStore }) {
  const agents = useStore(store, (s) => s.agents);
  const contracts = useStore(store, (s) => s.contracts);
  const total = useStore(store, (s) => s.totalContracts);
  const type = useStore(store, (s) => s.type);
  const status = useStore(store, (s) => s.status);
  const error = useStore(store, (s) => s.error);
  return (
    <>
      <h1 className="area-title">Agents</h1>
      <Notice kind="error">{error ? `${error} Trying again shortly.` : ''}</Notice>
      <section className="card wide" aria-labelledby="agents-title">
        <h2 id="agents-title">Agents</h2>
        <p className="muted">
          Software that pays or collects for you under contracts a person approved. This page
          refreshes every {POLL_MS / 1000} seconds.
        </p>
        {agents && agents.length === 0 ? (
          <p className="muted">No agents yet. An agent registers itself with your API key.</p>
        ) : null}
        {agents && agents.length > 0 ? <AgentTable agents={agents} /> : null}
      </section>
      <section className="card wide" aria-labelledby="contracts-title">
        <div className="head">
          <h2 id="contracts-title">Contracts</h2>
          <div className="filter">
            <Select
              id="contracts-type"
              label="Type"
              value={type}
              onValue={(value) => store.getState().setType(value as TypeFilter)}
            >
              <option value="">All types</option>
              <option value="SEND">{TYPE_LABEL.SEND}</option>
              <option value="COLLECT">{TYPE_LABEL.COLLECT}</option>
            </Select>
            <Select
              id="contracts-status"
              label="Status"
              value={status}
              onValue={(value) => store.getState().setStatus(value as StatusFilter)}
            >
              <option value="">All statuses</option>
              {ContractStatus.options.map((s) => (
                <option key={s} value={s}>
                  {CONTRACT_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {contracts && contracts.length === 0 ? (
          <p className="muted">No contracts{type || status ? ' match these filters' : ' yet'}.</p>
        ) : null}
        {contracts && total > contracts.length ? (
          <p className="muted" data-testid="contracts-range">
            The newest {contracts.length} of {total} contracts.
          </p>
        ) : null}
        <ul className="list" aria-label="Contracts">
          {(contracts ?? []).map((c) => (
            <ContractItem key={c.contractId} store={store} contract={c} agents={agents} />
          ))}
        </ul>
      </section>
    </>
  );
}

function AgentTable({ agents }: { agents: AgentRecord[] }) {
  return (
    <Table caption="Agents" columns={['Name', 'Description', 'Status', 'Created']}>
      {agents.map((a) => (
        <tr key={a.agentId} data-testid="agent" data-agent-id={a.agentId}>
          <td>{a.name}</td>
          <td>{a.description ?? '—'}</td>
          <td>
            <span
              className={`status tone-${a.status === 'ACTIVE' ? 'success' : 'muted'}`}
              title={a.status}
            >
              {a.status === 'ACTIVE' ? 'Active' : (a.status ?? '—')}
            </span>
          </td>
          <td className="time" title={a.createdAt ? formatDateTime(a.createdAt) : undefined}>
            {a.createdAt ? formatWhen(a.createdAt) : '—'}
          </td>
        </tr>
      ))}
    </Table>
  );
}
