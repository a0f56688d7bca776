import type { FormEvent } from 'react';
import { COUNTER_ORDER_PREFIX, REMOTE_ORDER_PREFIX } from '../../../shared/order-ids';
import type { FormError } from '../lib/form-errors';
import type { HistoryForm } from '../lib/history-query';
import { STATUS_LABEL, STATUS_ORDER } from '../lib/labels';
import { DateField } from './DateField';
import { describedBy, FieldError } from './FieldError';

export function HistorySearch({
  form,
  error,
  busy,
  onChange,
  onSubmit,
  onClear,
}: {
  form: HistoryForm;
  error: FormError | null;
  busy: boolean;
  onChange: (form: HistoryForm) => void;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
}) {
  const set = <K extends keyof HistoryForm>(key: K, value: HistoryForm[K]) =>
    onChange({ ...form, [key]: value });

  return (
    <form className="card search" role="search" aria-label="Search payments" onSubmit={onSubmit}>
      <div className="search__fields">
        <div className="field">
          <label className="field__label" htmlFor="search-order">
            Order id
          </label>
          <input
            id="search-order"
            className="input"
            data-testid="history-search-order"
            value={form.orderId}
            maxLength={50}
            placeholder={`e.g. ${COUNTER_ORDER_PREFIX} or ${REMOTE_ORDER_PREFIX}`}
            autoComplete="off"
            onChange={(event) => set('orderId', event.target.value)}
            aria-describedby={describedBy(error, 'query.orderId', 'search-order-error')}
          />
          <FieldError error={error} field="query.orderId" id="search-order-error" />
        </div>
        <div className="field">
          {/* The search matches the amount asked; History lists what was taken, tip included. */}
          <label className="field__label" htmlFor="search-amount">
            Amount asked (£)
          </label>
          <input
            id="search-amount"
            className="input"
            data-testid="history-search-amount"
            value={form.amount}
            inputMode="decimal"
            placeholder="e.g. 12.50"
            autoComplete="off"
            onChange={(event) => set('amount', event.target.value)}
            aria-invalid={error?.field === 'query.amountPence' || undefined}
            aria-describedby={describedBy(error, 'query.amountPence', 'search-amount-error')}
          />
          <FieldError error={error} field="query.amountPence" id="search-amount-error" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="search-status">
            Status
          </label>
          <select
            id="search-status"
            className="input"
            data-testid="history-search-status"
            value={form.status}
            onChange={(event) => set('status', event.target.value as HistoryForm['status'])}
          >
            <option value="">Any status</option>
            {STATUS_ORDER.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </div>
        <DateField
          id="search-from"
          label="From"
          testId="history-search-from"
          value={form.from}
          onChange={(text) => set('from', text)}
          error={error}
          field="query.from"
        />
        <DateField
          id="search-to"
          label="To"
          testId="history-search-to"
          value={form.to}
          onChange={(text) => set('to', text)}
          error={error}
          field="query.to"
        />
      </div>
      <div className="search__actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid="history-search-submit"
          disabled={busy}
        >
          Search
        </button>
        <button type="button" className="button button--ghost" onClick={onClear}>
          Clear
        </button>
      </div>
    </form>
  );
}
