/**
 * One contract on the Agents page: its status and who approves it, its limits beside any staged
 * update, a usage bar per period, revoking it, and the payments made under it.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import {
  CONTRACT_PAYMENT_STATUS_LABEL,
  CONTRACT_STATUS_LABEL,
  limitSentences,
  periodName,
} from '../../../shared/agent-words';
import { formatDateTime, formatPounds, formatWhen } from '../../../shared/format';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table, num } from '../../components/Table';
import type {
  AgentRecord,
  AgentsStore,
  ContractPayments,
  ContractRecord,
} from '../../store/agents';
import {
  CONTRACT_STATUS_TONE,
  TYPE_LABEL,
  agentName,
  usagePercent,
  usageText,
} from '../../lib/agents-usage';

export function ContractItem({
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
  const label = c.name ?? c.contractId;
  return (
    <li data-testid="contract" data-contract-id={c.contractId} aria-labelledby={titleId}>
      <ContractSummary contract={c} agents={agents} titleId={titleId} />
      {c.description ? <p>{c.description}</p> : null}
      <ContractLimits contract={c} />
      <ContractUsage contract={c} />
      <ButtonRow>
        <button
          type="button"
          className="secondary small"
          aria-expanded={shown ? 'true' : 'false'}
          aria-controls={shown ? paymentsId : undefined}
          onClick={() => store.getState().togglePayments(c.contractId)}
        >
          {shown ? 'Hide payments' : 'Show payments'}
          <span className="visually-hidden"> of {label}</span>
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
            <span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </ButtonRow>
      {confirming ? (
        <ConfirmBox
          message={`Revoke “${label}”? No payment can be made under it from now on. This cannot be undone.`}
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
      {shown ? <PaymentsUnder contract={c} shown={shown} id={paymentsId} /> : null}
    </li>
  );
}

/** The title, status, type, agent and approver, and why no payment can be made any more. */
function ContractSummary({
  contract: c,
  agents,
  titleId,
}: {
  contract: ContractRecord;
  agents: AgentRecord[] | null;
  titleId: string;
}) {
  return (
    <>
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
    </>
  );
}

/** The limits in plain words, and beside them an update waiting for a person's approval. */
function ContractLimits({ contract: c }: { contract: ContractRecord }) {
  return (
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
            Requested {formatDateTime(c.pendingUpdate.requestedAt)}. The current limits apply until
            a person approves these.
          </p>
          <ul>
            {limitSentences(c.pendingUpdate.limits).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A bar per period: how much of its cap is used or reserved, and when it resets. */
function ContractUsage({ contract: c }: { contract: ContractRecord }) {
  if (!c.usage || c.usage.length === 0) return null;
  const currency = c.limits.currency;
  return (
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
  );
}

/** The payments made under a contract, newest first, once the business asked to see them. */
function PaymentsUnder({
  contract: c,
  shown,
  id,
}: {
  contract: ContractRecord;
  shown: ContractPayments;
  id: string;
}) {
  return (
    <div id={id}>
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
  );
}
