/** Terminals: pair a kiosk with a code, see which are online, rename, switch, move, unpair. */
import { useEffect, useRef, useState } from 'react';
import { formatPounds, formatWhen } from '../../../shared/format';
import type { Terminal } from '../../../shared/contract/terminals';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, Select, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard, useTerminals } from '../../context';
import { expiryText } from '../../lib/pairing';
import type { Pairing } from '../../store/terminals';

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

function TerminalItem({ terminal }: { terminal: Terminal }) {
  const { terminals: store } = useDashboard();
  const error = useTerminals((s) => s.rowErrors[terminal.id] ?? '');
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState<boolean | null>(null);
  const [editingLimit, setEditingLimit] = useState(false);
  const [limit, setLimit] = useState('');
  const limitError = useTerminals((s) => s.limitErrors[terminal.id] ?? '');
  const stores = useTerminals((s) => s.stores);
  const [moving, setMoving] = useState<string | null>(null);
  const here = stores.find((s) => s.id === terminal.storeId);
  const limitInput = useRef<HTMLInputElement>(null);
  const limitButton = useRef<HTMLButtonElement>(null);
  const renameInput = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const unpairButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (renaming) renameInput.current?.select();
  }, [renaming]);
  const seen = terminal.online
    ? 'Connected now'
    : terminal.lastSeenAt
      ? `Last seen ${formatWhen(terminal.lastSeenAt)}`
      : 'Never connected';
  useEffect(() => {
    if (editingLimit) limitInput.current?.select();
  }, [editingLimit]);
  const inputId = `rename-${terminal.id}`;
  const limitId = `limit-${terminal.id}`;
  return (
    <li data-terminal-id={terminal.id} data-testid="terminal">
      <div className="t-main">
        <span className={`dot${terminal.online ? ' online' : ''}`} aria-hidden="true" />
        <div>
          <div>
            <span className="t-name">{terminal.name}</span>
            <span className={`state${terminal.online ? ' online' : ''}`}>
              {terminal.online ? 'Online' : 'Offline'}
            </span>
          </div>
          <div className="muted">{seen}</div>
          <div data-testid="terminal-limit">
            Largest payment: <strong>{formatPounds(terminal.maxAmount)}</strong>
          </div>
          {stores.length > 1 ? (
            <Select
              id={`store-${terminal.id}`}
              label="Store"
              value={moving ?? terminal.storeId}
              disabled={moving !== null}
              onValue={async (storeId) => {
                // The choice shows while the service is asked; the answer puts the store in place.
                setMoving(storeId);
                try {
                  await store.getState().moveTo(terminal.id, storeId);
                } finally {
                  setMoving(null);
                }
              }}
            >
              {stores
                .filter((s) => !s.archived || s.id === terminal.storeId)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.archived ? `${s.name} (archived)` : s.name}
                  </option>
                ))}
            </Select>
          ) : null}
          {here?.archived ? (
            <div className="warn" data-testid="terminal-store-archived">
              <strong>{here.name} is archived:</strong> this terminal takes no new payments until
              you move it or open the store again.
            </div>
          ) : null}
          {terminal.tokenMissing ? (
            <div className="warn">
              <strong>Waiting for the kiosk to connect.</strong> Open Counter on the kiosk; remote
              payments reach it once it is connected.
            </div>
          ) : null}
        </div>
      </div>
      <ButtonRow>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-label={`Remote payments for ${terminal.name}`}
            checked={switching ?? terminal.remotePaymentsEnabled}
            disabled={switching !== null}
            onChange={async (event) => {
              const wanted = event.target.checked;
              setSwitching(wanted);
              try {
                await store.getState().setRemotePayments(terminal.id, wanted);
              } finally {
                setSwitching(null);
              }
            }}
          />
          Remote payments
        </label>
        <button
          type="button"
          className="secondary small"
          ref={renameButton}
          aria-label={`Rename ${terminal.name}`}
          onClick={() => {
            setName(terminal.name);
            setRenaming(true);
          }}
        >
          Rename
        </button>
        <button
          type="button"
          className="secondary small"
          ref={limitButton}
          aria-label={`Change the largest payment of ${terminal.name}`}
          onClick={() => {
            setLimit(terminal.maxAmount.toFixed(2));
            setEditingLimit(true);
          }}
        >
          Largest payment
        </button>
        <button
          type="button"
          className="danger-outline small"
          aria-label={`Unpair ${terminal.name}`}
          ref={unpairButton}
          onClick={() => setConfirming(true)}
        >
          Unpair
        </button>
      </ButtonRow>
      {renaming ? (
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (await store.getState().rename(terminal.id, name)) {
              setRenaming(false);
              renameButton.current?.focus();
            } else renameInput.current?.focus();
          }}
        >
          <TextInput
            id={inputId}
            ref={renameInput}
            label="New name"
            maxLength={50}
            autoComplete="off"
            value={name}
            onValue={setName}
          />
          <ButtonRow>
            <button type="submit" className="small">
              Save name
            </button>
            <button
              type="button"
              className="secondary small"
              onClick={() => {
                setRenaming(false);
                store.getState().clearRowError(terminal.id);
                renameButton.current?.focus();
              }}
            >
              Cancel
            </button>
          </ButtonRow>
        </form>
      ) : null}
      {editingLimit ? (
        <form
          noValidate
          data-testid="limit-form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await store.getState().setMaxAmount(terminal.id, limit)) {
              setEditingLimit(false);
              limitButton.current?.focus();
            } else limitInput.current?.focus();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setEditingLimit(false);
              store.getState().clearLimitError(terminal.id);
              limitButton.current?.focus();
            }
          }}
        >
          <TextInput
            id={limitId}
            ref={limitInput}
            label="Largest payment (£)"
            error={limitError}
            errorTestId="limit-error"
            alertError
            inputMode="decimal"
            autoComplete="off"
            value={limit}
            onValue={setLimit}
          />
          <ButtonRow>
            <button type="submit" className="small">
              Save largest payment
            </button>
            <button
              type="button"
              className="secondary small"
              onClick={() => {
                setEditingLimit(false);
                store.getState().clearLimitError(terminal.id);
                limitButton.current?.focus();
              }}
            >
              Cancel
            </button>
          </ButtonRow>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmBox
          message={`Unpair ${terminal.name}? Its kiosk stops working with your account at once; pairing it again needs a new code.`}
          yes="Yes, unpair"
          no="Keep it"
          onYes={() => store.getState().unpair(terminal.id)}
          onNo={() => {
            setConfirming(false);
            unpairButton.current?.focus();
          }}
        />
      ) : null}
      <Notice kind="error">{error}</Notice>
    </li>
  );
}
