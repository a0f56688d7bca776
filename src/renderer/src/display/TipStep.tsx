import { useState } from 'react';
import type { TipStep } from '../../../shared/bridge';
import { percentTip } from '../../../shared/contract/tips';
import { formatPercent } from '../../../shared/i18n';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { useWords } from './language';
import '../styles/display-tip.css';

/** The most digits a custom tip takes: £99,999.99 is more than any amount a kiosk asks. */
const MAX_DIGITS = 7;

/**
 * The tip step: before the QR code of a counter payment, the customer chooses No tip, one of the
 * store's percentages (each with its amount) or a custom amount on a keypad of its own. Nothing
 * is preselected; the kiosk makes the payment request with the tip chosen (or none when staff
 * skip the step at the console). Every control is a button: Tab and Enter, or a tap.
 */
export function TipChoice({ step }: { step: TipStep }) {
  const { say, money, lang } = useWords();
  const bridge = useBridge();
  const [custom, setCustom] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(choice: { percent?: number; tipPence?: number }) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await runCommand(bridge, { type: 'chooseTip', id: step.id, ...choice }, {});
    setBusy(false);
    if (!outcome.ok) setError(outcome.error.message);
  }

  return (
    <div className="tip-step" data-testid="tip-step" aria-busy={busy}>
      <div className="tip-step__info">
        <p className="eyebrow">{say('display.amountToPay')}</p>
        <p className="tip-step__amount" data-testid="tip-step-amount">
          {money(step.amountPence, step.currency)}
        </p>
        <h1 className="tip-step__title" id="tip-title">
          {custom === null ? say('display.tipTitle') : say('display.tipCustomTitle')}
        </h1>
      </div>
      {custom === null ? (
        <div className="tip-step__choices" role="group" aria-labelledby="tip-title">
          <button type="button" className="tip-step__choice" onClick={() => void choose({})}>
            {say('display.tipNone')}
          </button>
          {step.percentages.map((percent) => (
            <button
              key={percent}
              type="button"
              className="tip-step__choice"
              data-testid={`tip-percent-${percent}`}
              onClick={() => void choose({ percent })}
            >
              <span className="tip-step__percent">{formatPercent(lang, percent)}</span>
              <span className="tip-step__of">
                {money(percentTip(step.amountPence, percent), step.currency)}
              </span>
            </button>
          ))}
          <button type="button" className="tip-step__choice" onClick={() => setCustom('')}>
            {say('display.tipCustom')}
          </button>
        </div>
      ) : (
        <CustomTip
          step={step}
          digits={custom}
          onDigits={setCustom}
          onBack={() => setCustom(null)}
          onAdd={(tipPence) => void choose({ tipPence })}
        />
      )}
      <p className="tip-step__error" role="alert">
        {error}
      </p>
    </div>
  );
}

/** A keypad of the display's own: the digits make pence (1, 2, 5 is £1.25), up to the amount. */
function CustomTip(props: {
  step: TipStep;
  digits: string;
  onDigits(digits: string): void;
  onBack(): void;
  onAdd(tipPence: number): void;
}) {
  const { say, money, digits: local } = useWords();
  const { step, digits } = props;
  const pence = Number(digits || '0');
  const tooMuch = pence > step.amountPence;
  const press = (key: string) => {
    if (key === 'delete') return props.onDigits(digits.slice(0, -1));
    if (digits.length >= MAX_DIGITS || (digits === '' && key === '0')) return;
    props.onDigits(digits + key);
  };
  return (
    <div className="tip-step__custom">
      <output className="tip-step__typed" data-testid="tip-custom-amount" aria-live="polite">
        {money(pence, step.currency)}
      </output>
      <p className="tip-step__error" role="alert">
        {tooMuch
          ? say('display.tipTooMuch', { amount: money(step.amountPence, step.currency) })
          : ''}
      </p>
      <div className="tip-step__keys">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map((key) => (
          <button key={key} type="button" className="tip-step__key" onClick={() => press(key)}>
            {local(key)}
          </button>
        ))}
        <button
          type="button"
          className="tip-step__key tip-step__key--wide"
          onClick={() => press('delete')}
        >
          {say('display.tipDelete')}
        </button>
      </div>
      <div className="tip-step__actions">
        <button type="button" className="tip-step__choice" onClick={props.onBack}>
          {say('display.tipBack')}
        </button>
        <button
          type="button"
          className="tip-step__choice tip-step__choice--go"
          disabled={pence === 0 || tooMuch}
          onClick={() => props.onAdd(pence)}
        >
          {say('display.tipAdd', { amount: money(pence, step.currency) })}
        </button>
      </div>
    </div>
  );
}
