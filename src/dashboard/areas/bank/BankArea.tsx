/**
 * Bank: link the shop's bank account through the bank's hosted page, see the consents and
 * their accounts, revoke one, page through an account's transactions, and reconcile a day's
 * pay-by-bank payments per store against the settlement account.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { BankTransaction } from '../../../shared/contract/bank';
import { formatDateTime, formatPounds } from '../../../shared/format';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, Select, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table, num } from '../../components/Table';
import { useBank, useDashboard, useRouter } from '../../context';
import {
  dateFormat,
  formatLocalDate,
  formatLongDate,
  parseLocalDate,
} from '../../../shared/local-date';
import {
  bankRedirectUrl,
  DASHBOARD_LOCALE,
  SHOP_TIME_ZONE,
  TRANSACTION_STATUS_LABEL,
} from '../../lib/bank';
import type { BankConsent } from '../../store/bank';

export function BankArea() {
  const { bank } = useDashboard();
  const router = useRouter();
  const query = useStore(router.store, (s) => s.query);
  // Back from the hosted linking page: read the consent from the address, then tidy it away.
  useEffect(() => {
    void bank
      .getState()
      .finishLink(query)
      .then((had) => {
        if (had) router.setQuery({});
      });
    // Only the address the page opened with carries the bank's answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    void bank.getState().refresh();
    const { date, storeId } = bank.getState().recon;
    void bank.getState().reconcile(date, storeId);
  }, [bank]);
  return (
    <>
      <h1 className="area-title">Bank</h1>
      <div className="grid">
        <Consents />
        <Transactions />
        <ReconciliationCard />
      </div>
    </>
  );
}

function Consents() {
  const { bank } = useDashboard();
  const consents = useBank((s) => s.consents);
  const error = useBank((s) => s.error);
  const linking = useBank((s) => s.linking);
  const linkError = useBank((s) => s.linkError);
  const linkNotice = useBank((s) => s.linkNotice);
  return (
    <section className="card" aria-labelledby="consents-title">
      <div className="head">
        <h2 id="consents-title">Linked bank accounts</h2>
        <button
          type="button"
          disabled={linking}
          onClick={async () => {
            const url = await bank.getState().startLink(bankRedirectUrl(window.location.origin));
            if (url) window.location.assign(url);
          }}
        >
          {linking ? 'Opening the bank…' : 'Link a bank account'}
        </button>
      </div>
      <p className="muted">
        Link the shop’s business current account once: pay-by-bank payments settle into it, and the
        reconciliation below matches them. You choose the bank, sign in and allow access on the
        bank’s own page, then come back here.
      </p>
      <Notice kind="ok" testId="link-notice">
        {linkNotice}
      </Notice>
      <Notice kind="error">{linkError}</Notice>
      <Notice kind="error">{error}</Notice>
      {consents && consents.length === 0 ? (
        <p className="muted">No bank account linked yet.</p>
      ) : null}
      <ul className="list" aria-label="Consents">
        {(consents ?? []).map((c) => (
          <ConsentItem key={c.accountAuthId} consent={c} />
        ))}
      </ul>
    </section>
  );
}

function ConsentItem({ consent: c }: { consent: BankConsent }) {
  const { bank } = useDashboard();
  const error = useBank((s) => s.revokeErrors[c.accountAuthId] ?? '');
  const browsing = useBank((s) => s.browsing?.accountId ?? '');
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  return (
    <li data-testid="consent" data-account-auth-id={c.accountAuthId}>
      <div>
        <span className="t-name">{c.bankName}</span>{' '}
        <span className="muted">linked {formatDateTime(c.createdAt)}</span>
      </div>
      <ul className="accounts" aria-label={`Accounts at ${c.bankName}`}>
        {c.accounts.map((a) => {
          const label = `${a.bankName} ${a.sortCode} ${a.accountNumber}`;
          return (
            // The number and its tag in one column, the button in the next, so every
            // account's Transactions button sits in the same place.
            <li key={a.accountId} data-testid="bank-account" data-account-id={a.accountId}>
              <span className="account">
                <span className="nowrap">
                  {a.sortCode} {a.accountNumber}
                </span>
                {c.settlementAccountId === a.accountId ? (
                  <span className="tag">Settlement account</span>
                ) : null}
              </span>
              <button
                type="button"
                className="secondary small"
                aria-pressed={browsing === a.accountId}
                aria-label={`Transactions of ${label}`}
                onClick={() => void bank.getState().browse(a.accountId, label)}
              >
                Transactions
              </button>
            </li>
          );
        })}
      </ul>
      <ButtonRow>
        {confirming ? (
          <ConfirmBox
            message={`Revoke access to ${c.bankName}? Its accounts and transactions can no longer be read; linking again needs the bank’s page.`}
            yes="Yes, revoke"
            no="Keep it"
            onYes={() => bank.getState().revoke(c.accountAuthId)}
            onNo={() => {
              setConfirming(false);
              revokeButton.current?.focus();
            }}
          />
        ) : (
          <button
            type="button"
            ref={revokeButton}
            className="danger-outline small"
            aria-label={`Revoke ${c.bankName}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        )}
      </ButtonRow>
      <Notice kind="error">{error}</Notice>
    </li>
  );
}

function Transactions() {
  const { bank } = useDashboard();
  const browsing = useBank((s) => s.browsing);
  const busy = useBank((s) => s.pageBusy);
  const error = useBank((s) => s.pageError);
  const note = useBank((s) => s.pageNote);
  const heading = useRef<HTMLHeadingElement>(null);
  const account = browsing?.accountId;
  useEffect(() => {
    if (account) heading.current?.focus();
  }, [account]);
  if (!browsing) return null;
  const page = browsing.page;
  return (
    <section className="card wide" aria-labelledby="transactions-title" aria-busy={busy}>
      <div className="head">
        <h2 id="transactions-title" ref={heading} tabIndex={-1}>
          Transactions: {browsing.label}
        </h2>
        <button
          type="button"
          className="secondary small"
          onClick={() => bank.getState().closeAccount()}
        >
          Close
        </button>
      </div>
      <p className="muted">Newest first. Each page link works once and for 15 minutes.</p>
      <Notice kind="ok" testId="page-note">
        {note}
      </Notice>
      <Notice kind="error">{error}</Notice>
      <Table
        caption={`Transactions of ${browsing.label}, newest first`}
        columns={[
          'Date',
          'Description',
          'Reference',
          num('In'),
          num('Out'),
          'Status',
          num('Balance'),
        ]}
        testId="transactions"
      >
        {(page?.data ?? []).map((t) => (
          <TransactionRow key={t.id} t={t} />
        ))}
      </Table>
      {page && page.data.length === 0 ? <p className="muted">No transactions.</p> : null}
      <div className="pager">
        <button
          type="button"
          className="secondary small"
          disabled={busy || !page || browsing.pageNumber === 1}
          onClick={() => void bank.getState().prev()}
        >
          {page?.links.prev || browsing.pageNumber === 1 ? 'Previous' : 'Newest'}
        </button>
        <span className="muted" data-testid="transactions-page">
          {page ? `Page ${browsing.pageNumber} · ${page.meta.count} transactions` : 'Loading…'}
        </span>
        <button
          type="button"
          className="secondary small"
          disabled={busy || !page?.links.next}
          onClick={() => void bank.getState().next()}
        >
          Next
        </button>
      </div>
    </section>
  );
}

function TransactionRow({ t }: { t: BankTransaction }) {
  const party = t.type === 'CREDIT' ? t.payer?.name : (t.merchantName ?? t.payee?.name);
  return (
    <tr data-testid="transaction" data-transaction-id={t.id} data-type={t.type}>
      <td className="time">{formatDateTime(t.date)}</td>
      <td>
        <div>{t.description}</div>
        {party ? <div className="muted">{party}</div> : null}
      </td>
      <td>{t.reference}</td>
      <td className="num">{t.type === 'CREDIT' ? formatPounds(t.amount, t.currency) : ''}</td>
      <td className="num">{t.type === 'DEBIT' ? formatPounds(t.amount, t.currency) : ''}</td>
      <td className="nowrap">{TRANSACTION_STATUS_LABEL[t.status]}</td>
      <td className="num">
        {t.balance ? formatPounds(t.balance.amount, t.balance.currency) : '—'}
      </td>
    </tr>
  );
}

function ReconciliationCard() {
  const { bank } = useDashboard();
  const recon = useBank((s) => s.recon);
  const stores = useBank((s) => s.stores);
  // The day as typed, in the shop's format (dd/mm/yyyy); the store keeps yyyy-mm-dd.
  const [dayText, setDayText] = useState(() => formatLocalDate(recon.date, DASHBOARD_LOCALE));
  const [dayError, setDayError] = useState('');
  const [storeId, setStoreId] = useState(recon.storeId);
  const pattern = dateFormat(DASHBOARD_LOCALE).placeholder;
  const report = recon.report;
  return (
    <section className="card wide" aria-labelledby="recon-title">
      <h2 id="recon-title">Reconciliation</h2>
      <p className="muted">
        A day’s pay-by-bank payments matched to their credits on the settlement account, and the
        credits that match no payment.
      </p>
      <form
        className="filter"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const date = parseLocalDate(dayText, DASHBOARD_LOCALE);
          if (!date) {
            setDayError(`Enter the day as ${pattern}.`);
            return;
          }
          setDayError('');
          void bank.getState().reconcile(date, storeId);
        }}
      >
        <TextInput
          id="recon-date"
          label={
            <>
              Day <span className="muted">({pattern})</span>
            </>
          }
          hint={`The shop’s day, midnight to midnight ${SHOP_TIME_ZONE} time.`}
          error={dayError}
          alertError
          type="text"
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          placeholder={pattern}
          value={dayText}
          onValue={setDayText}
        />
        <Select id="recon-store" label="Store" value={storeId} onValue={setStoreId}>
          <option value="">All stores</option>
          {(stores ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        <button type="submit" disabled={recon.busy}>
          Show
        </button>
      </form>
      <Notice kind="error">{recon.error}</Notice>
      {report ? (
        <>
          {report.settlementAccountId === null ? (
            <p className="warn">
              No settlement account is linked yet: link the shop’s business account above to see
              payments arrive.
            </p>
          ) : null}
          <p data-testid="recon-day">
            <strong>{formatLongDate(report.date, DASHBOARD_LOCALE)}</strong>
          </p>
          <dl className="facts" data-testid="recon-summary">
            <dt>Pay-by-bank payments</dt>
            <dd data-testid="recon-payments">{report.summary.payments}</dd>
            <dt>Matched to a credit</dt>
            <dd data-testid="recon-matched">{report.summary.matched}</dd>
            <dt>Not arrived yet</dt>
            <dd data-testid="recon-not-arrived">{report.summary.notArrived}</dd>
            <dt>Expected</dt>
            <dd>{formatPounds(report.summary.expectedAmount)}</dd>
            <dt>Received</dt>
            <dd>{formatPounds(report.summary.receivedAmount)}</dd>
          </dl>
          <Table
            caption="Payments"
            showCaption
            columns={['Completed', 'Order', 'Store', num('Amount'), 'Credit']}
            testId="recon-table"
          >
            {report.payments.map((p) => (
              <tr
                key={p.paymentRequestId}
                data-testid="recon-payment"
                data-payment-id={p.paymentRequestId}
                data-status={p.status}
              >
                <td className="time">{formatDateTime(p.completedAt)}</td>
                <td>{p.orderId}</td>
                <td>{stores?.find((s) => s.id === p.storeId)?.name ?? '—'}</td>
                <td className="num">{formatPounds(p.amount, p.currency)}</td>
                <td>
                  {p.credit ? (
                    <span className="status tone-success">Matched</span>
                  ) : (
                    <span className="status tone-waiting">Not arrived yet</span>
                  )}
                  {p.credit ? <div className="muted">{formatDateTime(p.credit.date)}</div> : null}
                </td>
              </tr>
            ))}
          </Table>
          {report.payments.length === 0 ? (
            <p className="muted">No pay-by-bank payments on this day.</p>
          ) : null}
          <Table
            caption="Credits that match no payment"
            showCaption
            columns={['Date', 'Description', 'Reference', num('Amount')]}
            testId="unmatched-credits"
          >
            {(report.unmatchedCredits ?? []).map((t) => (
              <tr key={t.id} data-testid="unmatched-credit">
                <td className="time">{formatDateTime(t.date)}</td>
                <td>{t.description}</td>
                <td>{t.reference}</td>
                <td className="num">{formatPounds(t.amount, t.currency)}</td>
              </tr>
            ))}
          </Table>
          {(report.unmatchedCredits ?? []).length === 0 ? (
            <p className="muted">Every credit of the day matches a payment.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
