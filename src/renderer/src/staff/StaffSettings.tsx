import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ReplyOf } from '../../../shared/bridge';
import { setBy } from '../../../shared/contract/kiosk-settings';
import { formatPence } from '../../../shared/money';
import { runCommand } from '../lib/run-command';
import { typedPence } from '../lib/typed-amount';
import { useBridge, useKiosk } from '../store/context';
import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';
import { NewPinFields } from './NewPinFields';
import { TextField } from './TextField';

type Listing = ReplyOf<'listStaff'>;
type Member = Listing['staff'][number];
type Role = Member['role'];
const ROLES: { id: Role; label: string }[] = [
  { id: 'cashier', label: 'Cashier' },
  { id: 'manager', label: 'Manager' },
  { id: 'owner', label: 'Owner' },
];

/**
 * Settings → Staff, for a manager or the owner (`pin` is theirs): each person with their role,
 * renamed, given another role or a new PIN, or removed; a new person added; and the shop's idle
 * time and the refund amount a cashier needs a manager for. The kiosk checks each rule (a
 * manager never touches an owner; the last owner stays) and says why it refuses.
 */
export function StaffSettings({ pin, role }: { pin: string; role: Role }) {
  const bridge = useBridge();
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seq, setSeq] = useState(0);
  const reload = () => setSeq((n) => n + 1);
  useEffect(() => {
    let live = true;
    void runCommand(bridge, { type: 'listStaff', pin }, {}).then((outcome) => {
      if (!live) return;
      if (outcome.ok) setListing(outcome.result);
      else setError(outcome.error.message);
    });
    return () => {
      live = false;
    };
  }, [bridge, pin, seq]);

  if (role === 'cashier') return null;
  return (
    <section className="card" aria-labelledby="staff-title" data-testid="staff-settings">
      <h2 className="card__title" id="staff-title">
        Staff
      </h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {listing && (
        <ul className="staff-list">
          {listing.staff.map((member) => (
            <StaffRow key={member.id} member={member} pin={pin} mine={role} onChanged={reload} />
          ))}
        </ul>
      )}
      <AddStaff pin={pin} mine={role} onAdded={reload} />
      {listing && <ShopStaffSettings pin={pin} saved={listing.settings} />}
    </section>
  );
}

function RoleSelect({
  id,
  value,
  onChange,
  mine,
  testId,
}: {
  id: string;
  value: Role;
  onChange: (role: Role) => void;
  mine: Role;
  testId: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Role
      </label>
      <select
        id={id}
        className="input"
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value as Role)}
      >
        {ROLES.filter((r) => mine === 'owner' || r.id !== 'owner' || value === 'owner').map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function AddStaff({ pin, mine, onAdded }: { pin: string; mine: Role; onAdded: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [newPin, setNewPin] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const { busy, error, send } = useCommand({ name: 'The name', newPin: 'The PIN' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    const person = await send({ type: 'addStaff', pin, name, role, newPin });
    if (!person) return;
    setName('');
    setNewPin('');
    setAdded(`${person.name} is added as ${role}.`);
    onAdded();
  }

  return (
    <form
      className="staff-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="add-staff"
    >
      <h3 className="detail__subtitle">Add someone</h3>
      <TextField
        id={`${id}-name`}
        label="Name"
        value={name}
        onChange={setName}
        error={error}
        field="name"
        testId="staff-name"
        maxLength={40}
      />
      <RoleSelect
        id={`${id}-role`}
        value={role}
        onChange={setRole}
        mine={mine}
        testId="staff-role"
      />
      <NewPinFields
        id={`${id}-pin`}
        label="Their PIN (4 to 8 digits)"
        value={newPin}
        onChange={setNewPin}
        error={error}
        testId="staff-pin-new"
      />
      <FieldError error={error} field={null} />
      {added && (
        <p className="muted" role="status" data-testid="staff-added">
          {added}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={busy} data-testid="staff-add">
          Add
        </button>
      </div>
    </form>
  );
}

function StaffRow({
  member,
  pin,
  mine,
  onChanged,
}: {
  member: Member;
  pin: string;
  mine: Role;
  onChanged: () => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(member.name);
  const [role, setRole] = useState<Role>(member.role);
  const [newPin, setNewPin] = useState('');
  const { busy, error, send } = useCommand({ name: 'The name', newPin: 'The new PIN' });
  const label = ROLES.find((r) => r.id === member.role)?.label;

  async function save(event: FormEvent) {
    event.preventDefault();
    const changed = await send({
      type: 'updateStaff',
      pin,
      id: member.id,
      ...(name !== member.name ? { name } : {}),
      ...(role !== member.role ? { role } : {}),
      ...(newPin ? { newPin } : {}),
    });
    if (!changed) return;
    setNewPin('');
    setEditing(false);
    onChanged();
  }
  async function remove() {
    if (await send({ type: 'removeStaff', pin, id: member.id })) onChanged();
  }

  return (
    <li className="staff-list__row" data-testid="staff-row">
      <span>
        <strong>{member.name}</strong> <span className="muted">{label}</span>
        {member.fromDashboard && (
          <>
            {' '}
            <span className="badge" data-testid="staff-from-dashboard">
              From the dashboard
            </span>
            <span className="muted staff-list__note"> Managed in the dashboard</span>
          </>
        )}
      </span>
      {/* A member pushed from the dashboard is changed there: the kiosk would refuse it here. */}
      {!editing && !member.fromDashboard && (
        <span className="staff-list__actions">
          <button type="button" className="button button--small" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            onClick={() => void remove()}
          >
            Remove
          </button>
        </span>
      )}
      {editing && (
        <form className="staff-form" onSubmit={(e) => void save(e)} noValidate>
          <TextField
            id={`${id}-name`}
            label="Name"
            value={name}
            onChange={setName}
            error={error}
            field="name"
            testId="staff-edit-name"
            maxLength={40}
          />
          <RoleSelect
            id={`${id}-role`}
            value={role}
            onChange={setRole}
            mine={mine}
            testId="staff-edit-role"
          />
          <NewPinFields
            id={`${id}-pin`}
            label="New PIN (leave empty to keep it)"
            value={newPin}
            onChange={setNewPin}
            error={error}
            testId="staff-edit-pin"
          />
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              Save
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setEditing(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <FieldError error={error} field={null} />
    </li>
  );
}

/**
 * The merchant's sign-out time when a level locks it (`signOutMinutes`, docs/fleet.md): the
 * minutes and who set them; null while it is the shop's own to choose.
 */
function useLockedIdle(): { minutes: number; setBy: string } | null {
  const minutes = useKiosk((view) => view.kiosk?.central?.settings.signOutMinutes);
  const locked = useKiosk((view) => view.kiosk?.central?.locked.includes('signOutMinutes'));
  const from = useKiosk((view) => view.kiosk?.central?.from.signOutMinutes);
  return locked && typeof minutes === 'number' ? { minutes, setBy: setBy(from) } : null;
}

/** The idle time (read-only when the merchant locks it) and the refund needing a manager. */
function ShopStaffSettings({ pin, saved }: { pin: string; saved: Listing['settings'] }) {
  const id = useId();
  const lockedIdle = useLockedIdle();
  const [idle, setIdle] = useState(String(saved.idleMinutes));
  const [limit, setLimit] = useState((saved.approvalRefundPence / 100).toFixed(2));
  const [done, setDone] = useState(false);
  const { busy, error, setError, send } = useCommand({
    'settings.idleMinutes': 'The idle time',
    'settings.approvalRefundPence': 'The amount',
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const pence = typedPence(limit);
    if (pence === null)
      return setError({
        field: 'settings.approvalRefundPence',
        message: 'Type an amount, e.g. 20.00',
      });
    // Locked, the merchant's minutes are sent back as they are: the kiosk refuses any other.
    const minutes = lockedIdle ? lockedIdle.minutes : Number(idle);
    const answer = await send({
      type: 'saveStaffSettings',
      pin,
      settings: {
        idleMinutes: Number.isInteger(minutes) ? minutes : -1,
        approvalRefundPence: pence,
      },
    });
    if (answer) setDone(true);
  }

  return (
    <form
      className="staff-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="staff-rules"
    >
      <h3 className="detail__subtitle">Sign-out and approvals</h3>
      {lockedIdle ? (
        <div className="field" data-testid="staff-idle-locked">
          <span className="field__label" id={`${id}-idle`}>
            Sign out after this many idle minutes
          </span>
          <p aria-labelledby={`${id}-idle`}>
            <output>{lockedIdle.minutes} minutes</output>{' '}
            <span className="muted">{lockedIdle.setBy}</span>
          </p>
        </div>
      ) : (
        <TextField
          id={`${id}-idle`}
          label="Sign out after this many idle minutes"
          value={idle}
          onChange={setIdle}
          error={error}
          field="settings.idleMinutes"
          testId="staff-idle"
          inputMode="numeric"
        />
      )}
      <TextField
        id={`${id}-limit`}
        label="A cashier's refund above this needs a manager (£)"
        value={limit}
        onChange={setLimit}
        error={error}
        field="settings.approvalRefundPence"
        testId="staff-approval-limit"
        inputMode="decimal"
      />
      <FieldError error={error} field={null} />
      {done && (
        <p className="muted" role="status" data-testid="staff-rules-saved">
          Saved: refunds above {formatPence(typedPence(limit) ?? 0)} need a manager.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={busy} data-testid="staff-rules-save">
          Save
        </button>
      </div>
    </form>
  );
}
