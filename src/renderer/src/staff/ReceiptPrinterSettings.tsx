import { useId, useState, type FormEvent } from 'react';
import type { ReceiptPrinter } from '../../../shared/bridge';
import { useCommand } from '../store/use-command';
import { ChoiceRow } from './ChoiceRow';
import { FieldError } from './FieldError';
import { TextField } from './TextField';

const LABELS = {
  'printer.host': 'The printer address',
  'printer.port': 'The port',
  'printer.paperWidth': 'The paper width',
  'printer.language': 'The printer language',
};

/**
 * Settings → Receipt printer: a thermal printer on the shop's network, its paper and language,
 * and whether each paid payment prints by itself. "Print test page" tries the form as typed.
 */
export function ReceiptPrinterSettings({
  saved,
  pin,
}: {
  saved: ReceiptPrinter | null;
  pin: string;
}) {
  const name = useId();
  const [host, setHost] = useState(saved?.host ?? '');
  const [port, setPort] = useState(String(saved?.port ?? 9100));
  const [paper, setPaper] = useState<'58' | '80'>(saved?.paperWidth === 58 ? '58' : '80');
  const [language, setLanguage] = useState<ReceiptPrinter['language']>(
    saved?.language ?? 'esc-pos',
  );
  const [auto, setAuto] = useState(saved?.printAfterPayment ?? true);
  const [note, setNote] = useState<string | null>(null);
  const { busy, error, send } = useCommand(LABELS);

  const typed = (): ReceiptPrinter => ({
    host: host.trim(),
    port: /^\d+$/.test(port.trim()) ? Number(port.trim()) : Number.NaN,
    paperWidth: paper === '58' ? 58 : 80,
    language,
    printAfterPayment: auto,
  });

  async function run(kind: 'save' | 'test' | 'remove') {
    setNote(null);
    const done =
      kind === 'test'
        ? await send({ type: 'printTestPage', pin, printer: typed() })
        : await send({
            type: 'saveReceiptPrinter',
            pin,
            printer: kind === 'save' ? typed() : null,
          });
    if (!done) return;
    setNote(
      kind === 'test'
        ? 'The test page was sent to the printer.'
        : kind === 'save'
          ? 'Saved.'
          : 'Receipts print through this computer again.',
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run('save');
  }

  return (
    <section className="card" aria-labelledby="receipt-printer-title">
      <h2 className="card__title" id="receipt-printer-title">
        Receipt printer
      </h2>
      <p className="muted">
        A thermal receipt printer on the shop&apos;s network. Without one, receipts print through
        this computer&apos;s printer.
      </p>
      <form onSubmit={submit} noValidate data-testid="receipt-printer-form">
        <TextField
          id="printer-host"
          label="Printer address (IP or host name)"
          field="printer.host"
          error={error}
          testId="printer-host"
          className="input mono"
          value={host}
          placeholder="192.168.1.50"
          spellCheck={false}
          onChange={setHost}
        />
        <TextField
          id="printer-port"
          label="Port"
          field="printer.port"
          error={error}
          testId="printer-port"
          className="input mono"
          value={port}
          inputMode="numeric"
          onChange={setPort}
        />
        <PrinterFormat
          name={name}
          paper={paper}
          onPaper={setPaper}
          language={language}
          onLanguage={setLanguage}
        />
        <label className="refund-form__choice">
          <input
            type="checkbox"
            checked={auto}
            data-testid="printer-auto"
            onChange={(event) => setAuto(event.target.checked)}
          />
          Print a receipt after each payment (otherwise only when asked)
        </label>
        <FieldError error={error} field={null} />
        {note && (
          <p className="muted" role="status" data-testid="printer-note">
            {note}
          </p>
        )}
        <PrinterActions
          busy={busy}
          removable={Boolean(saved)}
          onTest={() => void run('test')}
          onRemove={() => void run('remove')}
        />
      </form>
    </section>
  );
}

/** The printer's paper width and the language it speaks. */
function PrinterFormat({
  name,
  paper,
  onPaper,
  language,
  onLanguage,
}: {
  /** Names the radio groups, unique on the page. */
  name: string;
  paper: '58' | '80';
  onPaper: (paper: '58' | '80') => void;
  language: ReceiptPrinter['language'];
  onLanguage: (language: ReceiptPrinter['language']) => void;
}) {
  return (
    <>
      <ChoiceRow
        legend="Paper width"
        name={`${name}-paper`}
        value={paper}
        onChange={onPaper}
        choices={[
          { value: '80', label: '80 mm', testId: 'printer-paper-80' },
          { value: '58', label: '58 mm', testId: 'printer-paper-58' },
        ]}
      />
      <ChoiceRow
        legend="Printer language"
        name={`${name}-language`}
        value={language}
        onChange={onLanguage}
        choices={[
          {
            value: 'esc-pos',
            label: 'ESC/POS (Epson and most others)',
            testId: 'printer-escpos',
          },
          { value: 'star-prnt', label: 'StarPRNT (Star Micronics)', testId: 'printer-star' },
        ]}
      />
    </>
  );
}

/** Save (the form's submit), a test page as typed, and Remove once a printer is saved. */
function PrinterActions({
  busy,
  removable,
  onTest,
  onRemove,
}: {
  busy: boolean;
  removable: boolean;
  onTest: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="actions">
      <button
        type="submit"
        className="button button--primary"
        data-testid="printer-save"
        disabled={busy}
      >
        Save printer
      </button>
      <button
        type="button"
        className="button button--ghost"
        data-testid="printer-test"
        disabled={busy}
        onClick={onTest}
      >
        Print test page
      </button>
      {removable && (
        <button
          type="button"
          className="button button--ghost"
          data-testid="printer-remove"
          disabled={busy}
          onClick={onRemove}
        >
          Remove printer
        </button>
      )}
    </div>
  );
}
