/**
 * Settings, stores, a store's staff (docs/dashboard.md, Staff): the people who sign in at the
 * store's kiosks with the PIN set here, their role, and whether they may sign in now. Every change
 * reaches the store's kiosks at once; a PIN is never shown again once saved.
 */
import { useCallback, useEffect, useState } from 'react';
import type { StaffMember, StaffRole } from '../../../shared/contract/staff';
import type { Store } from '../../../shared/contract/terminals';
import { ButtonRow, Select, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDashboard } from '../../context';
import { failureMessage, fieldErrors, isStale } from '../../lib/api';

const ROLES: StaffRole[] = ['cashier', 'manager', 'owner'];

export function StoreStaff({ shop, onDone }: { shop: Store; onDone: () => void }) {
  const { call } = useDashboard();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [error, setError] = useState('');
  // Bumped after each change: the list is read again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(async () => setVersion((v) => v + 1), []);
  useEffect(() => {
    call('listStaff', { params: { id: shop.id } }).then(
      (list) => {
        setStaff(list.staff);
        setError('');
      },
      (e: unknown) => {
        if (!isStale(e)) setError(`Could not load the staff: ${failureMessage(e)}`);
      },
    );
  }, [call, shop.id, version]);
  const change = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await reload();
    } catch (e) {
      if (!isStale(e)) setError(failureMessage(e));
    }
  };
  return (
    <section aria-labelledby={`staff-title-${shop.id}`} data-testid="store-staff">
      <h2 id={`staff-title-${shop.id}`}>Staff of {shop.name}</h2>
      <p className="muted">
        They sign in at this store’s kiosks with the PIN you set here, beside the kiosks’ own staff.
        Changes reach the kiosks at once.
      </p>
      <Notice kind="error">{error}</Notice>
      <Table caption={`Staff of ${shop.name}`} columns={['Name', 'Role', 'Signs in', 'Action']}>
        {(staff ?? []).map((m) => (
          <tr key={m.id} data-testid="staff-member">
            <td>{m.name}</td>
            <td>{m.role}</td>
            <td>{m.active ? 'Yes' : 'No (deactivated)'}</td>
            <td>
              <ButtonRow>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`${m.active ? 'Deactivate' : 'Activate'} ${m.name}`}
                  onClick={() =>
                    void change(() =>
                      call('updateStaff', {
                        params: { id: shop.id, staffId: m.id },
                        body: { active: !m.active },
                      }),
                    )
                  }
                >
                  {m.active ? 'Deactivate' : 'Activate'}
                </button>
                <button
                  type="button"
                  className="danger-outline small"
                  aria-label={`Remove ${m.name}`}
                  onClick={() =>
                    void change(() =>
                      call('deleteStaff', { params: { id: shop.id, staffId: m.id } }),
                    )
                  }
                >
                  Remove
                </button>
              </ButtonRow>
            </td>
          </tr>
        ))}
      </Table>
      <AddStaff shop={shop} onAdded={reload} />
      <ButtonRow>
        <button type="button" className="secondary small" onClick={onDone}>
          Close staff
        </button>
      </ButtonRow>
    </section>
  );
}

function AddStaff({ shop, onAdded }: { shop: Store; onAdded: () => Promise<void> }) {
  const { call } = useDashboard();
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('cashier');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  return (
    <form
      noValidate
      aria-label={`Add staff to ${shop.name}`}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await call('createStaff', {
            params: { id: shop.id },
            body: { name, role: role as StaffRole, pin, active: true },
          });
          setName('');
          setPin('');
          setErrors({});
          setError('');
          await onAdded();
        } catch (e) {
          if (isStale(e)) return;
          setErrors(fieldErrors(e));
          setError(failureMessage(e));
        }
      }}
    >
      <h3>Add someone</h3>
      <TextInput
        id={`staff-name-${shop.id}`}
        label="Name"
        maxLength={40}
        autoComplete="off"
        value={name}
        onValue={setName}
        error={errors.name}
      />
      <Select id={`staff-role-${shop.id}`} label="Role" value={role} onValue={setRole}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Select>
      <TextInput
        id={`staff-pin-${shop.id}`}
        label="PIN (4 to 8 digits)"
        inputMode="numeric"
        type="password"
        autoComplete="new-password"
        maxLength={8}
        value={pin}
        onValue={setPin}
        error={errors.pin}
      />
      <Notice kind="error">{Object.keys(errors).length ? '' : error}</Notice>
      <ButtonRow>
        <button type="submit">Add staff</button>
      </ButtonRow>
    </form>
  );
}
