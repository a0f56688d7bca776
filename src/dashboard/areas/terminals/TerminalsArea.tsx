/** Terminals: pair a kiosk with a code, see which are online, rename, switch, move, unpair. */
import { useEffect, useState } from 'react';
import { ButtonRow } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard, useTerminals } from '../../context';
import { expiryText } from '../../lib/pairing';
import type { Pairing } from '../../store/terminals';
import { TerminalItem } from './TerminalItem';

export function TerminalsArea() {
  const terminals = useTerminals((s) => s.terminals);
  const error = useTerminals((s) => s.error);
  const pairedNotice = useTerminals((s) => s.pairedNotice);
  const busy = useTerminals((s) => s.pairingBusy);
  const { terminals: store } = useDashboard();
  // The stores a terminal may move to change on Settings, which the change stream does not
  // announce: read them afresh each time the page opens.
  useEffect(() => void store.getState().refresh(), [store]);
  return (
    <section className="card" aria-labelledby="terminals-title">
      <div className="head">
        <h1 id="terminals-title">Terminals</h1>
        <button
          type="button"
          disabled={busy}
          onClick={() => void store.getState().makePairingCode()}
        >
          Add a terminal
        </button>
      </div>
      <PairingPanel />
      <Notice kind="ok">{pairedNotice}</Notice>
      <Notice kind="error">{error ? `${error} Trying again shortly.` : ''}</Notice>
      {terminals && terminals.length === 0 ? (
        <p className="muted">
          No terminals yet. Choose “Add a terminal” and enter the code on the kiosk to pair it.
        </p>
      ) : null}
      <ul className="list" aria-label="Terminals">
        {(terminals ?? []).map((t) => (
          <TerminalItem key={t.id} terminal={t} />
        ))}
      </ul>
    </section>
  );
}

function PairingPanel() {
  const pairing = useTerminals((s) => s.pairing);
  // A new code starts a new countdown (its own clock state).
  return pairing ? (
    <PairingCode key={`${pairing.code}@${pairing.deadline}`} pairing={pairing} />
  ) : null;
}

function PairingCode({ pairing }: { pairing: Pairing }) {
  const { terminals: store } = useDashboard();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const expiry = expiryText(pairing.deadline, now);
  return (
    <div className="pairing" aria-live="polite">
      <p className="instruction">Enter this code on the kiosk</p>
      <div className={`code${expiry ? '' : ' expired'}`} data-testid="pairing-code">
        {pairing.code}
      </div>
      <p className="muted" data-testid="pairing-expiry">
        {expiry ?? 'This code has expired. Make a new one to pair a kiosk.'}
      </p>
      <ButtonRow>
        {expiry ? null : (
          <button
            type="button"
            className="secondary small"
            onClick={() => void store.getState().makePairingCode()}
          >
            Make a new code
          </button>
        )}
        <button
          type="button"
          className="secondary small"
          onClick={() => store.getState().closePairing()}
        >
          Close
        </button>
      </ButtonRow>
    </div>
  );
}
