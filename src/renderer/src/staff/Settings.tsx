import { useState } from 'react';
import type { KioskState } from '../../../shared/bridge';
import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';
import { CentralSettings } from './CentralSettings';
import { KioskMode } from './KioskMode';
import { Pairing } from './Pairing';
import { ReceiptPrinterSettings } from './ReceiptPrinterSettings';
import { ChangeStaffPin } from './StaffGate';
import { StaffSettings } from './StaffSettings';

type Paired = Extract<KioskState['pairing'], { paired: true }>;

/** Settings, behind the staff PIN (`pin`), which goes with every command sent from here. */
export function Settings({ kiosk, pin }: { kiosk: KioskState; pin: string }) {
  return (
    <div className="settings-stack">
      {kiosk.pairing.paired ? (
        <PairedSettings pairing={kiosk.pairing} pin={pin} />
      ) : (
        <Pairing pin={pin} />
      )}
      {kiosk.central ? <CentralSettings central={kiosk.central} /> : null}
      {kiosk.lanDisplay && <LanDisplay lan={kiosk.lanDisplay} />}
      <ReceiptPrinterSettings saved={kiosk.receiptPrinter} pin={pin} />
      <StaffSettings key={pin} pin={pin} role={kiosk.staff?.signedIn?.role ?? 'owner'} />
      <ChangeStaffPin />
      <KioskMode active={kiosk.kioskMode} wasOn={kiosk.kioskModeWasOn ?? false} pin={pin} />
    </div>
  );
}

/** `--lan`: where a tablet opens the customer display, and the code it needs now. */
function LanDisplay({ lan }: { lan: NonNullable<KioskState['lanDisplay']> }) {
  const until = new Date(lan.expiresAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section className="card" aria-labelledby="lan-display-title">
      <h2 className="card__title" id="lan-display-title">
        Customer display on a tablet
      </h2>
      <p className="muted">
        On the tablet, open <span className="mono">{lan.url}</span> and enter this code. It works
        once, until {until}; a new one shows here after each use.
      </p>
      <p className="mono lan-display__code" data-testid="lan-display-code">
        {lan.code}
      </p>
    </section>
  );
}

function PairedSettings({ pairing, pin }: { pairing: Paired; pin: string }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, send } = useCommand();

  async function unpair() {
    await send({ type: 'unpair', pin });
    setConfirming(false);
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
