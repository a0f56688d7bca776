/**
 * One terminal in the Terminals list: what it is and where (TerminalSummary, with the store it
 * is in), its remote payments switch, and renaming, changing its largest payment or unpairing it.
 * A form that closes hands the focus back to the button that opened it.
 */
import { useEffect, useRef, useState } from 'react';
import { formatPounds, formatWhen } from '../../../shared/format';
import type { Store, Terminal } from '../../../shared/contract/terminals';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, Select, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard, useTerminals } from '../../context';
import { ZReports } from './ZReports';

export function TerminalItem({ terminal }: { terminal: Terminal }) {
  const { terminals: store } = useDashboard();
  const error = useTerminals((s) => s.rowErrors[terminal.id] ?? '');
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editingLimit, setEditingLimit] = useState(false);
  const [shifts, setShifts] = useState(false);
  const limitButton = useRef<HTMLButtonElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const unpairButton = useRef<HTMLButtonElement>(null);
  return (
    <li data-terminal-id={terminal.id} data-testid="terminal">
      <TerminalSummary terminal={terminal} />
      <ButtonRow>
        <RemotePaymentsSwitch terminal={terminal} />
        <button
          type="button"
          className="secondary small"
          ref={renameButton}
          aria-label={`Rename ${terminal.name}`}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className="secondary small"
          ref={limitButton}
          aria-label={`Change the largest payment of ${terminal.name}`}
          onClick={() => setEditingLimit(true)}
        >
          Largest payment
        </button>
        <button
          type="button"
          className="secondary small"
          aria-expanded={shifts}
          aria-label={`Z reports of ${terminal.name}`}
          data-testid="terminal-z-reports"
          onClick={() => setShifts((open) => !open)}
        >
          Z reports
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
      {shifts ? <ZReports terminalId={terminal.id} name={terminal.name} /> : null}
      {renaming ? (
        <RenameForm
          terminal={terminal}
          onClose={() => {
            setRenaming(false);
            renameButton.current?.focus();
          }}
        />
      ) : null}
      {editingLimit ? (
        <LimitForm
          terminal={terminal}
          onClose={() => {
            setEditingLimit(false);
            limitButton.current?.focus();
          }}
        />
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

/** Name, online or not, when last seen, the largest payment, its store, and what needs doing. */
function TerminalSummary({ terminal }: { terminal: Terminal }) {
  const stores = useTerminals((s) => s.stores);
  const here = stores.find((s) => s.id === terminal.storeId);
  const seen = terminal.online
    ? 'Connected now'
    : terminal.lastSeenAt
      ? `Last seen ${formatWhen(terminal.lastSeenAt)}`
      : 'Never connected';
  return (
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
        {stores.length > 1 ? <StoreChoice terminal={terminal} stores={stores} /> : null}
        {here?.archived ? (
          <div className="warn" data-testid="terminal-store-archived">
            <strong>{here.name} is archived:</strong> this terminal takes no new payments until you
            move it or open the store again.
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
  );
}

/** Moves the terminal to another store (an archived one is offered only where it already is). */
function StoreChoice({ terminal, stores }: { terminal: Terminal; stores: Store[] }) {
  const { terminals: store } = useDashboard();
  const [moving, setMoving] = useState<string | null>(null);
  return (
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
  );
}

function RemotePaymentsSwitch({ terminal }: { terminal: Terminal }) {
  const { terminals: store } = useDashboard();
  const [switching, setSwitching] = useState<boolean | null>(null);
  return (
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
  );
}

/** Starts from the terminal's name as it was when opened; a refused name keeps the form open. */
function RenameForm({ terminal, onClose }: { terminal: Terminal; onClose: () => void }) {
  const { terminals: store } = useDashboard();
  const [name, setName] = useState(terminal.name);
  const renameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    renameInput.current?.select();
  }, []);
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await store.getState().rename(terminal.id, name)) onClose();
        else renameInput.current?.focus();
      }}
    >
      <TextInput
        id={`rename-${terminal.id}`}
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
            store.getState().clearRowError(terminal.id);
            onClose();
          }}
        >
          Cancel
        </button>
      </ButtonRow>
    </form>
  );
}

/** The largest payment the terminal takes, in pounds; Escape or Cancel closes it unsaved. */
function LimitForm({ terminal, onClose }: { terminal: Terminal; onClose: () => void }) {
  const { terminals: store } = useDashboard();
  const limitError = useTerminals((s) => s.limitErrors[terminal.id] ?? '');
  const [limit, setLimit] = useState(() => terminal.maxAmount.toFixed(2));
  const limitInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    limitInput.current?.select();
  }, []);
  const cancel = () => {
    store.getState().clearLimitError(terminal.id);
    onClose();
  };
  return (
    <form
      noValidate
      data-testid="limit-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await store.getState().setMaxAmount(terminal.id, limit)) onClose();
        else limitInput.current?.focus();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <TextInput
        id={`limit-${terminal.id}`}
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
        <button type="button" className="secondary small" onClick={cancel}>
          Cancel
        </button>
      </ButtonRow>
    </form>
  );
}
