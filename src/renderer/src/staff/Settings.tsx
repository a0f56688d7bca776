import { useState } from 'react';
import type { KioskState } from '../../../shared/bridge';
import type { FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { FieldError } from './FieldError';
import { KioskMode } from './KioskMode';
import { Pairing } from './Pairing';

type Paired = Extract<KioskState['pairing'], { paired: true }>;

export function Settings({ kiosk }: { kiosk: KioskState }) {
  return (
    <div className="settings-stack">
      {kiosk.pairing.paired ? <PairedSettings pairing={kiosk.pairing} /> : <Pairing />}
      <KioskMode active={kiosk.kioskMode} />
    </div>
  );
}

function PairedSettings({ pairing }: { pairing: Paired }) {
  const bridge = useBridge();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);

  async function unpair() {
    setBusy(true);
    setError(null);
    const outcome = await runCommand(bridge, { type: 'unpair' }, {});
    setBusy(false);
    setConfirming(false);
    if (!outcome.ok) setError(outcome.error);
  }

  return (
    <section className="card settings" aria-labelledby="settings-title">
      <div className="settings__head">
        <h2 className="card__title" id="settings-title">
          This kiosk
        </h2>
        <span className={`badge badge--${pairing.environment}`} data-testid="environment">
          {pairing.environment === 'production' ? 'Production' : 'Sandbox'}
        </span>
      </div>
      <dl className="facts facts--grid settings__facts">
        <div>
          <dt>Merchant</dt>
          <dd data-testid="settings-merchant">{pairing.merchantName ?? '—'}</dd>
        </div>
        <div>
          <dt>Terminal name</dt>
          <dd data-testid="settings-terminal">{pairing.terminalName ?? '—'}</dd>
        </div>
        <div>
          <dt>Connected with</dt>
          <dd>{pairing.kind === 'terminal' ? 'Terminal pairing' : 'Merchant access secret'}</dd>
        </div>
        <div>
          <dt>Payments service</dt>
          <dd className="mono" data-testid="settings-service">
            {pairing.baseUrl}
          </dd>
        </div>
      </dl>
      {pairing.environment === 'sandbox' && (
        <p className="muted">Sandbox: payments here are simulated and no money moves.</p>
      )}
      <FieldError error={error} field={null} />
      {!confirming ? (
        <div className="actions">
          <button
            type="button"
            className="button button--danger"
            data-testid="unpair"
            onClick={() => setConfirming(true)}
          >
            Unpair this kiosk
          </button>
        </div>
      ) : (
        <div
          className="confirm"
          role="alertdialog"
          aria-labelledby="unpair-question"
          aria-describedby="unpair-effect"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || busy) return;
            event.preventDefault();
            setConfirming(false);
          }}
        >
          <p id="unpair-question" className="confirm__question">
            Unpair this kiosk?
          </p>
          <p id="unpair-effect" className="muted">
            It stops receiving payments until it is paired again with a new code. Its payment
            history stays on this kiosk.
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--danger-solid"
              data-testid="unpair-confirm"
              disabled={busy}
              onClick={() => void unpair()}
              autoFocus
            >
              {busy ? 'Unpairing…' : 'Yes, unpair'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              data-testid="unpair-cancel"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Keep paired
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
