import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ShiftView, ZReport } from '../../../shared/bridge/shifts';
import { DENOMINATIONS_PENCE } from '../../../shared/bridge/shifts';
import { differenceWord, formatDifference } from '../../../shared/shift-text';
import { formatDateTime, formatPence } from '../lib/format';
import { typedPence } from '../lib/typed-amount';
import { useCommand } from '../store/use-command';
import { AmountField } from './AmountField';
import { FieldError } from './FieldError';
import { ShiftFiguresTable, ZReportView } from './ShiftReport';
import { TextField } from './TextField';
import '../styles/shift.css';

/**
 * The Shift screen (docs/kiosk.md, "Shifts, X and Z reports"), behind the staff PIN: open a
 * shift with the float, pay in and out, the X report, close with the drawer counted, the Z
 * report shown and printable, and the past Z reports with how many still wait for the service.
 */
export function Shift({ pin }: { pin: string }) {
  const [view, setView] = useState<ShiftView | null>(null);
  const [closing, setClosing] = useState(false);
  const [shown, setShown] = useState<{ report: ZReport; printError: string | null } | null>(null);
  const { busy, error, send } = useCommand();

  useEffect(() => {
    void send({ type: 'getShift', pin }).then((v) => v && setView(v));
    // Once, when the screen opens; each command answers the new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pin]);

  if (!view)
    return (
      <section className="card shift" aria-labelledby="shift-title">
        <h2 className="card__title" id="shift-title">
          Shift
        </h2>
        <p className="muted">{busy ? 'Loading the shift…' : ''}</p>
        <FieldError error={error} field={null} />
      </section>
    );

  return (
    <section className="card shift" aria-labelledby="shift-title" data-testid="shift">
      <h2 className="card__title" id="shift-title">
        Shift
      </h2>
      <Waiting view={view} pin={pin} onView={setView} />
      {shown ? (
        <ClosedReport
          pin={pin}
          shown={shown}
          onDone={() => setShown(null)}
          heading={`Z report ${shown.report.number}`}
        />
      ) : !view.shift ? (
        <OpenForm pin={pin} onView={setView} />
      ) : closing ? (
        <CloseForm
          pin={pin}
          view={view}
          onCancel={() => setClosing(false)}
          onClosed={(answer) => {
            setView(answer.view);
            setClosing(false);
            setShown({ report: answer.report, printError: answer.printError });
          }}
        />
      ) : (
        <OpenShift pin={pin} view={view} onView={setView} onClose={() => setClosing(true)} />
      )}
      <PastReports
        reports={view.zReports}
        onShow={(report) => setShown({ report, printError: null })}
      />
    </section>
  );
}

function Waiting({
  view,
  pin,
  onView,
}: {
  view: ShiftView;
  pin: string;
  onView: (v: ShiftView) => void;
}) {
  const { busy, error, send } = useCommand();
  if (view.waiting === 0) return null;
  return (
    <div className="notice shift-waiting" data-testid="shift-waiting" role="status">
      <p>
        {view.waiting === 1
          ? '1 Z report is waiting to be sent to the payments service.'
          : `${view.waiting} Z reports are waiting to be sent to the payments service.`}{' '}
        They are kept on this kiosk and go, in order, once it can be reached.
        {view.waitingError && <span className="muted"> Last try: {view.waitingError}</span>}
      </p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void send({ type: 'sendZReports', pin }).then((v) => v && onView(v))}
      >
        Send now
      </button>
      <FieldError error={error} field={null} />
    </div>
  );
}

function OpenForm({ pin, onView }: { pin: string; onView: (v: ShiftView) => void }) {
  const [amount, setAmount] = useState('');
  const { busy, error, setError, send } = useCommand({ floatPence: 'The float' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pence = typedPence(amount);
    if (pence === null) {
      setError({
        field: 'amountPence',
        message: 'The float must be in pounds and pence, e.g. 100.00',
      });
      return;
    }
    const answer = await send({ type: 'openShift', pin, floatPence: pence });
    if (answer) onView(answer);
  }

  const shown = error?.field === 'floatPence' ? { ...error, field: 'amountPence' } : error;
  return (
    <form className="shift__form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted">
        No shift is open. Count the float into the drawer, then open the shift.
      </p>
      <AmountField
        label="Float counted into the drawer (£)"
        value={amount}
        onChange={setAmount}
        error={shown}
        testId="shift-float"
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Open shift
        </button>
      </div>
      <FieldError error={shown} field={null} />
    </form>
  );
}

function OpenShift({
  pin,
  view,
  onView,
  onClose,
}: {
  pin: string;
  view: ShiftView;
  onView: (v: ShiftView) => void;
  onClose: () => void;
}) {
  const { busy, error, send } = useCommand();
  const shift = view.shift!;
  return (
    <>
      <p data-testid="shift-open">
        Open since {formatDateTime(shift.openedAt)} by {shift.openedBy}, float{' '}
        {formatPence(shift.floatPence)}.
      </p>
      <MovementForm pin={pin} onView={onView} />
      <h3 className="end-of-day__subtitle">X report (the shift so far)</h3>
      {view.x && <ShiftFiguresTable x={view.x} testId="x-report" />}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void send({ type: 'printShiftReport', pin })}
        >
          Print X report
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void send({ type: 'getShift', pin }).then((v) => v && onView(v))}
        >
          Refresh
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          Close shift…
        </button>
      </div>
      <FieldError error={error} field={null} />
    </>
  );
}

function MovementForm({ pin, onView }: { pin: string; onView: (v: ShiftView) => void }) {
  const id = useId();
  const [kind, setKind] = useState<'PAY_IN' | 'PAY_OUT'>('PAY_OUT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, setError, send } = useCommand({
    amountPence: 'The amount',
    reason: 'The reason',
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pence = typedPence(amount);
    if (pence === null) {
      setError({
        field: 'amountPence',
        message: 'The amount must be in pounds and pence, e.g. 5.00',
      });
      return;
    }
    const answer = await send({ type: 'shiftMovement', pin, kind, amountPence: pence, reason });
    if (answer) {
      onView(answer);
      setAmount('');
      setReason('');
    }
  }

  return (
    <form
      className="shift__form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Pay in or out"
    >
      <fieldset className="shift__kind">
        <legend className="field__label">Money into or out of the drawer</legend>
        {(['PAY_OUT', 'PAY_IN'] as const).map((k) => (
          <label key={k} className="shift__choice">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === k}
              onChange={() => setKind(k)}
              data-testid={`shift-kind-${k}`}
            />{' '}
            {k === 'PAY_OUT' ? 'Pay out' : 'Pay in'}
          </label>
        ))}
      </fieldset>
      <AmountField
        label="Amount (£)"
        value={amount}
        onChange={setAmount}
        error={error}
        testId="shift-move-amount"
      />
      <TextField
        id={`${id}-reason`}
        label="What for"
        field="reason"
        error={error}
        testId="shift-move-reason"
        value={reason}
        onChange={setReason}
        maxLength={60}
        autoComplete="off"
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {kind === 'PAY_OUT' ? 'Record pay-out' : 'Record pay-in'}
        </button>
      </div>
      <FieldError error={error} field={null} />
    </form>
  );
}

function CloseForm({
  pin,
  view,
  onCancel,
  onClosed,
}: {
  pin: string;
  view: ShiftView;
  onCancel: () => void;
  onClosed: (answer: { report: ZReport; view: ShiftView; printError: string | null }) => void;
}) {
  const id = useId();
  const [counts, setCounts] = useState<Record<number, string>>({});
  const { busy, error, setError, send } = useCommand();
  const parsed = DENOMINATIONS_PENCE.map((d) => ({ d, text: (counts[d] ?? '').trim() }));
  const total = parsed.reduce(
    (n, { d, text }) => n + (/^\d+$/.test(text) ? d * Number(text) : 0),
    0,
  );
  const expected = view.x?.expectedCashPence ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const bad = parsed.find(({ text }) => text !== '' && !/^\d+$/.test(text));
    if (bad) {
      setError({
        field: `count-${bad.d}`,
        message: `How many ${formatPence(bad.d)}: a whole number`,
      });
      return;
    }
    const counted = parsed
      .filter(({ text }) => text !== '')
      .map(({ d, text }) => ({ denominationPence: d, count: Number(text) }));
    const answer = await send({ type: 'closeShift', pin, shiftId: view.shift!.id, counted });
    if (answer) onClosed(answer);
  }

  return (
    <form
      className="shift__form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Close the shift"
    >
      <p className="muted">Count the drawer: how many of each note and coin.</p>
      <div className="shift__count">
        {DENOMINATIONS_PENCE.map((d) => (
          <TextField
            key={d}
            id={`${id}-${d}`}
            label={formatPence(d)}
            field={`count-${d}`}
            error={error}
            testId={`count-${d}`}
            value={counts[d] ?? ''}
            onChange={(text) => setCounts((c) => ({ ...c, [d]: text }))}
            inputMode="numeric"
            autoComplete="off"
          />
        ))}
      </div>
      <p data-testid="count-total">
        Counted {formatPence(total)}, expected {formatPence(expected)}:{' '}
        <strong>
          {formatDifference(total - expected)} {differenceWord(total - expected)}
        </strong>
      </p>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Close shift and make the Z report
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Back
        </button>
      </div>
      <FieldError error={error} field={null} />
    </form>
  );
}

function ClosedReport({
  pin,
  shown,
  heading,
  onDone,
}: {
  pin: string;
  shown: { report: ZReport; printError: string | null };
  heading: string;
  onDone: () => void;
}) {
  const { busy, error, send } = useCommand();
  return (
    <div className="shift__closed">
      <h3 className="end-of-day__subtitle">{heading}</h3>
      {shown.printError && (
        <p className="form-error" role="alert" data-testid="z-print-error">
          {shown.printError}
        </p>
      )}
      <ZReportView report={shown.report} />
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void send({ type: 'printShiftReport', pin, number: shown.report.number })}
        >
          Print Z report
        </button>
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
      <FieldError error={error} field={null} />
    </div>
  );
}

function PastReports({ reports, onShow }: { reports: ZReport[]; onShow: (r: ZReport) => void }) {
  if (reports.length === 0) return null;
  return (
    <>
      <h3 className="end-of-day__subtitle">Past Z reports</h3>
      <table className="end-of-day__table" aria-label="Past Z reports" data-testid="z-reports">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Closed</th>
            <th scope="col" className="num">
              Difference
            </th>
            <th scope="col">
              <span className="sr-only">Show</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => (
            <tr key={r.number}>
              <td>{r.number}</td>
              <td>{formatDateTime(r.closedAt)}</td>
              <td className="num">{formatDifference(r.differencePence)}</td>
              <td>
                <button type="button" className="button button--small" onClick={() => onShow(r)}>
                  Show
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
