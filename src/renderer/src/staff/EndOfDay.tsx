import { useState, type FormEvent } from 'react';
import type { EndOfDayReport } from '../../../shared/bridge';
import {
  dateFormat,
  formatLocalDate,
  formatLongDate,
  parseLocalDate,
} from '../../../shared/local-date';
import { formatDateTime, formatPence } from '../lib/format';
import { useCommand } from '../store/use-command';
import { useKiosk } from '../store/context';
import { DateField } from './DateField';
import { FieldError } from './FieldError';
import { FigureTable } from './FigureTable';

const LABELS = { date: 'The date' };

const METHOD: Record<string, string> = { CARD: 'Card', PAY_BY_BANK: 'Pay by bank' };
const BANK_STATUS: Record<string, string> = {
  MATCHED: 'In the bank',
  NOT_ARRIVED: 'Not yet arrived',
  UNKNOWN: 'Unknown (offline)',
};
const SOURCE: Record<EndOfDayReport['source'], string> = {
  service: 'Bank status checked just now.',
  stored: 'Offline: bank status as last checked.',
  local: 'Offline and never checked: bank status unknown.',
};

/** The back office's end-of-day report, behind the staff PIN; downloadable as CSV. */
export function EndOfDay({ pin }: { pin: string }) {
  const locale = useKiosk((view) => view.kiosk?.locale ?? 'en-GB');
  const timeZone = useKiosk((view) => view.kiosk?.timeZone ?? '');
  // The shop's today, as the kiosk sees it (its time zone), shown in its locale.
  const today = useKiosk((view) => view.kiosk?.today ?? '');
  const [text, setText] = useState(() => (today ? formatLocalDate(today, locale) : ''));
  const { busy, error, setError, send } = useCommand(LABELS);
  const [shown, setShown] = useState<{ report: EndOfDayReport; csv: string } | null>(null);

  async function load(event?: FormEvent) {
    event?.preventDefault();
    const date = text.trim() ? parseLocalDate(text, locale) : null;
    if (text.trim() && !date) {
      setError({ field: 'date', message: `Enter the day as ${dateFormat(locale).placeholder}.` });
      return;
    }
    const answer = await send({ type: 'endOfDayReport', pin, ...(date ? { date } : {}) });
    if (answer) setShown(answer);
  }

  function download() {
    if (!shown) return;
    const url = URL.createObjectURL(new Blob([shown.csv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `end-of-day-${shown.report.date}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  if (!shown)
    return (
      <section className="card end-of-day" aria-labelledby="eod-title">
        <h2 className="card__title" id="eod-title">
          End of day
        </h2>
        <form className="end-of-day__form" onSubmit={(event) => void load(event)} noValidate>
          <p className="muted">
            The day's takings by method and tips, and whether each pay-by-bank payment has reached
            the shop's bank account.
          </p>
          <DateField
            id="eod-date"
            label="Day"
            testId="eod-date"
            value={text}
            onChange={setText}
            error={error}
            field="date"
          />
          <p className="muted" data-testid="eod-time-zone">
            Days run midnight to midnight, shop time ({timeZone}).
          </p>
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              Show the report
            </button>
          </div>
          <FieldError error={error} field={null} />
        </form>
      </section>
    );

  const { report } = shown;
  return (
    <section className="card end-of-day" aria-labelledby="eod-title" data-testid="eod-report">
      <h2 className="card__title" id="eod-title">
        End of day: {formatLongDate(report.date, locale)}
      </h2>
      <p className="muted" data-testid="eod-source" data-source={report.source}>
        {SOURCE[report.source]} Made {formatDateTime(report.generatedAt)}.
      </p>
      <TakingsTable report={report} />
      {report.refunds && <RefundsSection refunds={report.refunds} timeZone={timeZone} />}
      <PayByBankSection payByBank={report.payByBank} timeZone={timeZone} />
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={download}>
          Download CSV
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void load()}>
          Refresh
        </button>
        <button type="button" className="button" onClick={() => setShown(null)}>
          Close
        </button>
      </div>
    </section>
  );
}

/**
 * A row's time in the shop's time zone. Every row of the report falls on its day, so the time
 * alone says when, and the tables fit a phone.
 */
function timeOfDay(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}

/** Payments and takings by method, with tips, and their total. */
function TakingsTable({ report }: { report: EndOfDayReport }) {
  return (
    <FigureTable
      label="Takings by method"
      columns={['Method', 'Payments', 'Takings', 'Tips']}
      rows={report.takings.map((t) => ({
        key: t.method,
        label: METHOD[t.method] ?? t.method,
        cells: [t.count, formatPence(t.totalPence), formatPence(t.tipsPence)],
      }))}
      total={{
        label: 'Total',
        cells: [
          report.total.count,
          formatPence(report.total.totalPence),
          formatPence(report.total.tipsPence),
        ],
        cellTestIds: [undefined, 'eod-total'],
      }}
    />
  );
}

/** The day's completed refunds, one a row, and the takings net of them. */
function RefundsSection({
  refunds,
  timeZone,
}: {
  refunds: NonNullable<EndOfDayReport['refunds']>;
  timeZone: string;
}) {
  return (
    <>
      <h3 className="end-of-day__subtitle">Refunds</h3>
      <p data-testid="eod-refunds">
        {refunds.count === 0
          ? 'No refunds completed on this day.'
          : `${refunds.count} ${refunds.count === 1 ? 'refund' : 'refunds'}, ${formatPence(refunds.totalPence)}.`}{' '}
        Net takings <strong data-testid="eod-net">{formatPence(refunds.netPence)}</strong>.
      </p>
      {refunds.items.length > 0 && (
        <FigureTable
          label="Refunds"
          columns={['Order', 'Refunded', 'Completed at']}
          plain={[2]}
          rows={refunds.items.map((r) => ({
            key: r.refundId,
            testId: 'eod-refund-row',
            label: r.orderId,
            cells: [formatPence(r.amountPence), timeOfDay(r.completedAt, timeZone)],
          }))}
        />
      )}
    </>
  );
}

/** Whether each pay-by-bank payment of the day has reached the shop's bank account. */
function PayByBankSection({
  payByBank,
  timeZone,
}: {
  payByBank: EndOfDayReport['payByBank'];
  timeZone: string;
}) {
  return (
    <>
      <h3 className="end-of-day__subtitle">Pay by bank</h3>
      {payByBank.reconciled && !payByBank.settlementLinked && (
        <p className="muted">No bank account is linked yet: link it from the dashboard.</p>
      )}
      {payByBank.payments.length === 0 ? (
        <p className="muted">No pay-by-bank payments on this day.</p>
      ) : (
        <table className="end-of-day__table" aria-label="Pay-by-bank payments">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Paid at</th>
              <th scope="col">Bank</th>
            </tr>
          </thead>
          <tbody>
            {payByBank.payments.map((p) => (
              <tr key={p.paymentRequestId} data-testid="eod-bank-row" data-status={p.status}>
                <th scope="row">{p.orderId}</th>
                <td className="num">{formatPence(p.amountPence)}</td>
                <td className="end-of-day__time">{timeOfDay(p.completedAt, timeZone)}</td>
                <td>{BANK_STATUS[p.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
