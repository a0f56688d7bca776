import { useEffect, useState, type FormEvent } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { shownAmount } from '../../../shared/taken';
import { formatPence, formatWhen } from '../lib/format';
import { isFiltered } from '../lib/history-query';
import { methodLabel, originLabel } from '../lib/labels';
import { useHistory, useHistoryStore } from '../store/context';
import { FieldError } from './FieldError';
import { HistorySearch } from './HistorySearch';
import { PaymentDetail } from './PaymentDetail';
import { RefundedNote, StatusPill } from './StatusPill';
import '../styles/history.css';

export function History() {
  const history = useHistoryStore();
  const form = useHistory((state) => state.form);
  const applied = useHistory((state) => state.applied);
  const listing = useHistory((state) => state.listing);
  const loading = useHistory((state) => state.loading);
  const error = useHistory((state) => state.error);
  const [openId, setOpenId] = useState<string | null>(null);

  // On screen: loaded the first time, refreshed when staff come back to it.
  useEffect(() => history.getState().show(), [history]);

  function search(event: FormEvent) {
    event.preventDefault();
    void history.getState().search();
  }

  const payments = listing?.payments ?? [];
  const filtered = isFiltered(applied);

  return (
    <div className="history">
      <HistorySearch
        form={form}
        error={error}
        busy={loading === 'first'}
        onChange={(next) => history.getState().setForm(next)}
        onSubmit={search}
        onClear={() => void history.getState().clear()}
      />
      <FieldError error={error} field={null} />
      <section
        className="card history__list"
        aria-labelledby="history-title"
        aria-busy={loading !== null}
      >
        <h2 className="card__title" id="history-title">
          {filtered ? 'Matching payments' : 'All payments'}
          {listing && (
            <span className="count">
              {payments.length}
              {listing.nextCursor ? '+' : ''}
            </span>
          )}
        </h2>
        {listing && payments.length === 0 && (
          <p className="empty">
            {filtered
              ? 'No payments match this search. Try fewer filters, or Clear.'
              : 'No payments yet. Payments taken at this counter or pushed from the dashboard are listed here.'}
          </p>
        )}
        {!listing && loading && <p className="empty">Loading payments…</p>}
        {payments.length > 0 && (
          <div className="rows" role="list">
            <div className="row row--head" aria-hidden="true">
              <span>Time</span>
              <span>Order</span>
              <span className="num">Amount</span>
              <span>Method</span>
              <span>Source</span>
              <span>Status</span>
            </div>
            {payments.map((payment) => (
              <div role="listitem" key={payment.paymentRequestId}>
                <button
                  type="button"
                  className="row"
                  data-testid="history-row"
                  data-payment-request-id={payment.paymentRequestId}
                  data-status={payment.status}
                  onClick={() => setOpenId(payment.paymentRequestId)}
                >
                  <span className="row__time">{formatWhen(payment.createdAt)}</span>
                  <span className="mono">{payment.orderId || '—'}</span>
                  <RowAmount payment={payment} />
                  <span>{methodLabel(payment.paymentMethod)}</span>
                  <span className="muted">{originLabel(payment)}</span>
                  <span className="row__status">
                    <StatusPill status={payment.status} />
                    <RefundedNote pence={payment.refundedPence} currency={payment.currency} />
                  </span>
                </button>
              </div>
            ))}
          </div>
        )}
        {listing?.nextCursor && (
          <button
            type="button"
            className="button load-more"
            data-testid="history-load-more"
            disabled={loading !== null}
            onClick={() => void history.getState().loadMore()}
          >
            {loading === 'more' ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>
      {openId && <PaymentDetail paymentRequestId={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

/**
 * What the payment took, tip included, as End of day adds it up (shared/taken.ts); the tip under
 * it. A payment not yet paid shows what it asks for.
 */
function RowAmount({ payment }: { payment: KioskPayment }) {
  const shown = shownAmount(payment);
  return (
    <span className="num row__amount" data-testid="history-amount">
      <span className="row__amount-value">{formatPence(shown.pence, payment.currency)}</span>
      {shown.tipPence > 0 && (
        <span className="row__tip" data-testid="history-tip">
          incl. {formatPence(shown.tipPence, payment.currency)} tip
        </span>
      )}
    </span>
  );
}
