/**
 * Agents (Agent Pay): the business's agents, their spending contracts with the limits in plain
 * words and a usage bar per period, staged updates beside the current limits, and the payments
 * made under each contract, and since when and by whom one was revoked. Agents create contracts
 * and people approve them on the hosted page; here the business can revoke one at once.
 * Contracts send no events on the merchant stream, so this page polls (POLL_MS).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import {
  CONTRACT_PAYMENT_STATUS_LABEL,
  CONTRACT_STATUS_LABEL,
  limitSentences,
  periodName,
} from '../../../shared/agent-words';
import { ContractStatus } from '../../../shared/contract/agent';
import { formatDateTime, formatPounds, formatWhen } from '../../../shared/format';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, Select } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table, num } from '../../components/Table';
import { useDashboard } from '../../context';
import {
  POLL_MS,
  createAgentsStore,
  type AgentRecord,
  type AgentsStore,
  type ContractRecord,
  type StatusFilter,
  type TypeFilter,
} from '../../store/agents';
import {
  CONTRACT_STATUS_TONE,
  TYPE_LABEL,
  agentName,
  usagePercent,
  usageText,
} from '../../lib/agents-usage';

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

function ContractItem({
  store,
  contract: c,
  agents,
}: {
  store: AgentsStore;
  contract: ContractRecord;
  agents: AgentRecord[] | null;
}) {
  const shown = useStore(store, (s) => s.payments[c.contractId]);
  const [confirming, setConfirming] = useState(false);
  const [revokeError, setRevokeError] = useState('');
  const revocable = c.status === 'ACTIVE' || c.status === 'PENDING_AUTHORIZATION';
  const titleId = `contract-${c.contractId}`;
  const paymentsId = `payments-${c.contractId}`;
  const currency = c.limits.currency;
  return (
    <li data-testid="contract" data-contract-id={c.contractId} aria-labelledby={titleId}>
      <div className="head">
        <h3 id={titleId}>{c.name ?? c.contractId}</h3>
        <span
          className={`status tone-${CONTRACT_STATUS_TONE[c.status]}`}
          data-testid="contract-status"
          data-status={c.status}
          title={c.status}
        >
          {CONTRACT_STATUS_LABEL[c.status]}
        </span>
      </div>
      <p className="muted">
        {TYPE_LABEL[c.type]} · agent {agentName(agents, c.agentId)} · created{' '}
        {formatDateTime(c.createdAt)}
        {c.linkedMethod
          ? ` · card ${c.linkedMethod.brand} ending ${c.linkedMethod.lastFourDigits}`
          : ''}
        {c.approver
          ? ` · ${c.status === 'PENDING_AUTHORIZATION' ? 'suggested approver' : 'approver'} ${c.approver.email ?? c.approver.phone}`
          : c.status === 'PENDING_AUTHORIZATION'
            ? ' · one of your approvers approves it (Settings)'
            : ''}
      </p>
      {c.revokedAt ? (
        <p className="muted" data-testid="revoked">
          Revoked {formatDateTime(c.revokedAt)} by{' '}
          {c.revokedBy === 'APPROVER' ? 'its approver' : 'your business'}. No payment can be made
          under it; payments made before stay.
        </p>
      ) : null}
      {c.status === 'EXPIRED' ? (
        <p className="muted" data-testid="expired">
          Ended: no payment can be made under it; payments made before stay.
        </p>
      ) : null}
      {c.description ? <p>{c.description}</p> : null}
      <div className={c.pendingUpdate ? 'grid' : undefined}>
        <div>
          <h4>{c.pendingUpdate ? 'Current limits' : 'Limits'}</h4>
          <ul data-testid="limits">
            {limitSentences(c.limits).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        {c.pendingUpdate ? (
          <div data-testid="pending-update">
            <h4>New limits waiting for approval</h4>
            <p className="muted">
              Requested {formatDateTime(c.pendingUpdate.requestedAt)}. The current limits apply
              until a person approves these.
            </p>
            <ul>
              {limitSentences(c.pendingUpdate.limits).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {c.usage && c.usage.length > 0 ? (
        <div>
          <h4>Usage</h4>
          <ul className="usage" aria-label={`Usage of ${c.name ?? c.contractId}`}>
            {c.usage.map((u) => (
              <li key={u.period} data-testid="usage" data-period={u.period}>
                <div>
                  <strong>{periodName(u.period)}</strong>: {usageText(u, currency)}; resets{' '}
                  {formatDateTime(u.periodEnd)}
                </div>
                <progress
                  max={100}
                  value={usagePercent(u)}
                  aria-label={`${periodName(u.period)} cap used or reserved`}
                >
                  {usagePercent(u)}%
                </progress>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ButtonRow>
        <button
          type="button"
          className="secondary small"
          aria-expanded={shown ? 'true' : 'false'}
          aria-controls={shown ? paymentsId : undefined}
          onClick={() => store.getState().togglePayments(c.contractId)}
        >
          {shown ? 'Hide payments' : 'Show payments'}
          <span className="visually-hidden"> of {c.name ?? c.contractId}</span>
        </button>
        {revocable && !confirming ? (
          <button
            type="button"
            className="danger small"
            onClick={() => {
              setRevokeError('');
              setConfirming(true);
            }}
          >
            Revoke
            <span className="visually-hidden"> {c.name ?? c.contractId}</span>
          </button>
        ) : null}
      </ButtonRow>
      {confirming ? (
        <ConfirmBox
          message={`Revoke “${c.name ?? c.contractId}”? No payment can be made under it from now on. This cannot be undone.`}
          yes="Revoke"
          no="Keep it"
          onYes={async () => {
            setRevokeError(await store.getState().revoke(c.contractId));
            setConfirming(false);
          }}
          onNo={() => setConfirming(false)}
        />
      ) : null}
      <Notice kind="error">{revokeError}</Notice>
      {shown ? (
        <div id={paymentsId}>
          <Notice kind="error">{shown.error}</Notice>
          {shown.data === null ? <p className="muted">Loading payments…</p> : null}
          {shown.data && shown.data.length === 0 ? (
            <p className="muted">No payments under this contract yet.</p>
          ) : null}
          {shown.data && shown.data.length > 0 ? (
            <Table
              caption={`Payments under ${c.name ?? c.contractId}, newest first`}
              columns={[
                'Time',
                c.type === 'SEND' ? 'Paid to' : 'Order',
                'Reference',
                num('Amount'),
                'Status',
              ]}
            >
              {shown.data.map((p) => (
                <tr key={p.paymentId} data-testid="contract-payment" data-status={p.status}>
                  <td className="time" title={formatDateTime(p.createdAt)}>
                    {formatWhen(p.createdAt)}
                  </td>
                  <td>{p.payee?.name ?? p.orderId ?? '—'}</td>
                  <td>{p.reference ?? p.paymentRequestId ?? '—'}</td>
                  <td className="num">{formatPounds(p.amount, p.currency)}</td>
                  <td>
                    <span
                      className={`status tone-${p.status === 'COMPLETED' ? 'success' : p.status === 'FAILED' ? 'danger' : 'progress'}`}
                      title={p.errorDescription ?? p.status}
                    >
                      {CONTRACT_PAYMENT_STATUS_LABEL[p.status]}
                    </span>
                    {p.errorDescription ? <div className="muted">{p.errorDescription}</div> : null}
                  </td>
                </tr>
              ))}
            </Table>
          ) : null}
          {shown.data && shown.totalCount > shown.data.length ? (
            <p className="muted">
              The newest {shown.data.length} of {shown.totalCount} payments.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
