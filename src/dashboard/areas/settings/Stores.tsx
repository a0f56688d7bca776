/**
 * Settings, stores: each store with its terminals and its takings today and this week (completed
 * payments, tips included, less completed refunds), adding one, editing one's name and address,
 * archiving one (its terminals then take no new payments) and opening it again.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { formatPounds } from '../../../shared/format';
import type { Store } from '../../../shared/contract/terminals';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table, num } from '../../components/Table';
import { useDashboard } from '../../context';
import { createStoresStore, type StoresStore } from '../../store/stores';
import { StoreStaff } from './StoreStaff';

/** The stores part of Settings, with its own store. */
export function Stores() {
  const { call } = useDashboard();
  const store = useMemo(() => createStoresStore(call), [call]);
  useEffect(() => void store.getState().refresh(), [store]);
  return <StoresView store={store} />;
}

export function StoresView({ store }: { store: StoresStore }) {
  const stores = useStore(store, (s) => s.stores);
  const error = useStore(store, (s) => s.error);
  const formErrors = useStore(store, (s) => s.formErrors);
  const adding = useStore(store, (s) => s.adding);
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const editingStore = stores?.find((s) => s.id === editing);
  const [staffOf, setStaffOf] = useState<string | null>(null);
  const staffStore = stores?.find((s) => s.id === staffOf);
  return (
    <section className="card" aria-labelledby="stores-title">
      <h1 id="stores-title">Stores</h1>
      <p className="muted">
        Each terminal belongs to a store, and its payments are that store’s. Takings are completed
        payments, tips included, less refunds, on the shop’s day; the week starts on Monday. An
        archived store’s terminals take no new payments; its history stays.
      </p>
      <Notice kind="error">{error}</Notice>
      <Table
        caption="Stores"
        columns={['Store', 'Terminals', num('Today'), num('This week'), 'Action']}
        testId="stores"
      >
        {(stores ?? []).map((s) => (
          <StoreRow
            key={s.id}
            store={store}
            shop={s}
            onEdit={() => setEditing(s.id)}
            onStaff={() => setStaffOf(s.id)}
          />
        ))}
      </Table>
      {editingStore ? (
        <EditStore
          key={editingStore.id}
          store={store}
          shop={editingStore}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {staffStore ? (
        <StoreStaff key={staffStore.id} shop={staffStore} onDone={() => setStaffOf(null)} />
      ) : null}
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (await store.getState().add(name, address)) {
            setName('');
            setAddress('');
          }
        }}
      >
        <h2>Add a store</h2>
        <TextInput
          id="store-name"
          label="Name"
          maxLength={80}
          autoComplete="off"
          value={name}
          onValue={setName}
          error={formErrors.name}
        />
        <TextInput
          id="store-address"
          label="Address (optional)"
          maxLength={200}
          value={address}
          onValue={setAddress}
          error={formErrors.address}
        />
        <Notice kind="error">{formErrors[''] ?? ''}</Notice>
        <ButtonRow>
          <button type="submit" disabled={adding}>
            Add store
          </button>
        </ButtonRow>
      </form>
    </section>
  );
}

function StoreRow({
  store,
  shop: s,
  onEdit,
  onStaff,
}: {
  store: StoresStore;
  shop: Store;
  onEdit: () => void;
  onStaff: () => void;
}) {
  const takings = useStore(store, (st) => st.takings[s.id]);
  const error = useStore(store, (st) => st.itemErrors[s.id]?.[''] ?? '');
  const [confirming, setConfirming] = useState(false);
  return (
    <tr data-store-id={s.id} data-testid="store">
      <td>
        <strong>{s.name}</strong>
        {s.isPrimary ? <span className="muted"> (primary)</span> : null}
        {s.archived ? <span className="state"> Archived</span> : null}
        {s.address ? <div className="muted">{s.address}</div> : null}
      </td>
      <td>{s.terminals}</td>
      <td className="num" data-testid="store-takings-today">
        {takings ? formatPounds(takings.day.net) : '…'}
      </td>
      <td className="num" data-testid="store-takings-week">
        {takings ? formatPounds(takings.week.net) : '…'}
      </td>
      <td>
        <ButtonRow>
          <button
            type="button"
            className="secondary small"
            aria-label={`Edit ${s.name}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="secondary small"
            aria-label={`Staff of ${s.name}`}
            onClick={onStaff}
          >
            Staff
          </button>
          {s.isPrimary ? null : s.archived ? (
            <button
              type="button"
              className="secondary small"
              aria-label={`Open ${s.name} again`}
              onClick={() => void store.getState().setArchived(s.id, false)}
            >
              Open again
            </button>
          ) : confirming ? (
            <ConfirmBox
              message={`Archive ${s.name}? Its ${s.terminals === 1 ? 'terminal takes' : 'terminals take'} no new payments until you open it again; its history stays.`}
              yes="Yes, archive it"
              no="Keep it open"
              onYes={async () => {
                await store.getState().setArchived(s.id, true);
                setConfirming(false);
              }}
              onNo={() => setConfirming(false)}
            />
          ) : (
            <button
              type="button"
              className="danger-outline small"
              aria-label={`Archive ${s.name}`}
              onClick={() => setConfirming(true)}
            >
              Archive
            </button>
          )}
        </ButtonRow>
        <Notice kind="error">{error}</Notice>
      </td>
    </tr>
  );
}

function EditStore({
  store,
  shop,
  onDone,
}: {
  store: StoresStore;
  shop: Store;
  onDone: () => void;
}) {
  const errors = useStore(store, (st) => st.itemErrors[shop.id] ?? {});
  const [name, setName] = useState(shop.name);
  const [address, setAddress] = useState(shop.address ?? '');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.select(), []);
  const close = () => {
    store.getState().clearItemErrors(shop.id);
    onDone();
  };
  return (
    <form
      noValidate
      data-testid="store-edit"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await store.getState().edit(shop.id, name, address)) onDone();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <h2>Edit {shop.name}</h2>
      <TextInput
        id={`store-name-${shop.id}`}
        ref={first}
        label="Name"
        maxLength={80}
        autoComplete="off"
        value={name}
        onValue={setName}
        error={errors.name}
      />
      <TextInput
        id={`store-address-${shop.id}`}
        label="Address"
        maxLength={200}
        value={address}
        onValue={setAddress}
        error={errors.address}
      />
      <Notice kind="error">{errors[''] ?? ''}</Notice>
      <ButtonRow>
        <button type="submit" className="small">
          Save store
        </button>
        <button type="button" className="secondary small" onClick={close}>
          Cancel
        </button>
      </ButtonRow>
    </form>
  );
}
