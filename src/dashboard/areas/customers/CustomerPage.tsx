/**
 * One customer (/dashboard/customers/{id}): their details (only changed fields are sent), their
 * metadata, their saved cards (masked), their charges live, and the messages sent to them.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { formatDateTime } from '../../../shared/format';
import { ButtonRow } from '../../components/form';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { useCustomers, useDashboard, useRouter } from '../../context';
import {
  formOf,
  NO_PROBLEMS,
  rowsOf,
  type CustomerForm,
  type MetadataRow,
  type Problems,
} from '../../lib/customers';
import { pageNumberFromQuery, pageQuery } from '../../lib/paging';
import { Charges } from './Charges';
import { CustomerFields } from './CustomerFields';
import { MessagesPanel } from './MessagesPanel';
import { MetadataTable } from './MetadataTable';
import { SavedCards } from './SavedCards';

export function CustomerPage({ customerId }: { customerId: string }) {
  const { customers } = useDashboard();
  const customer = useCustomers((s) => (s.customerId === customerId ? s.customer : null));
  const error = useCustomers((s) => s.detailError);
  const router = useRouter();
  const query = useStore(router.store, (s) => s.query);
  // The address leads (a reload, back, a bookmark): it holds the page of charges shown.
  useEffect(
    () => customers.getState().open(customerId, pageNumberFromQuery(query)),
    [customers, customerId, query],
  );
  // The charges' own moves (Newer, Older, past the last page) follow into the address.
  useEffect(
    () =>
      customers.subscribe((now, before) => {
        if (now.customerId === customerId && now.chargesPageNumber !== before.chargesPageNumber)
          router.setQuery({ page: pageQuery(now.chargesPageNumber) });
      }),
    [customers, customerId, router],
  );
  return (
    <>
      <p className="back">
        <InPageLink area="customers" className="back-link">
          ← All customers
        </InPageLink>
      </p>
      <section className="card wide" aria-labelledby="customer-title">
        <h1 id="customer-title">{customer ? customer.fullName : 'Customer'}</h1>
        <Notice kind="error">{error}</Notice>
        {customer ? (
          <p className="muted">
            Added {formatDateTime(customer.createdAt)} · id <code>{customer.id}</code>
          </p>
        ) : error ? null : (
          <p className="muted">Loading…</p>
        )}
        {customer ? <EditDetails key={customer.id} /> : null}
      </section>
      {customer ? (
        <>
          <CustomerMetadata key={`m-${customer.id}`} />
          <SavedCards />
          <Charges />
          <MessagesPanel customerId={customer.id} />
        </>
      ) : null}
    </>
  );
}

function EditDetails() {
  const { customers } = useDashboard();
  const customer = useCustomers((s) => s.customer)!;
  const [form, setForm] = useState<CustomerForm>(() => formOf(customer));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      autoComplete="off"
      aria-labelledby="details-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setDone('');
        const answer = await customers.getState().update(form);
        setBusy(false);
        setProblems(answer);
        if (!answer.message && answer.changed !== undefined)
          setDone(answer.changed ? 'Saved.' : 'Nothing changed.');
      }}
    >
      <h2 id="details-title">Details</h2>
      <CustomerFields prefix="edit" form={form} errors={problems.fields} onChange={setForm} />
      <Notice kind="error">{problems.message}</Notice>
      <Notice kind="ok">{done}</Notice>
      <ButtonRow>
        <button type="submit" disabled={busy}>
          Save details
        </button>
      </ButtonRow>
    </form>
  );
}

function CustomerMetadata() {
  const { customers } = useDashboard();
  const customer = useCustomers((s) => s.customer)!;
  const [rows, setRows] = useState<MetadataRow[]>(() => rowsOf(customer.metadata));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [done, setDone] = useState('');
  return (
    <section className="card wide" aria-labelledby="cmeta-title">
      <h2 id="cmeta-title">Customer metadata</h2>
      <p className="muted">
        Add or change a key, or remove one. Saving sends only what changed; other keys stay.
      </p>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setDone('');
          const answer = await customers.getState().saveMetadata(rows);
          setProblems(answer);
          if (!answer.message && Object.keys(answer.fields).length === 0) {
            setDone('Metadata saved.');
            setRows(rowsOf(customers.getState().customer?.metadata ?? {}));
          }
        }}
      >
        <MetadataTable
          idPrefix="customer-metadata"
          rows={rows}
          onChange={setRows}
          error={problems.fields.metadata}
        />
        <Notice kind="error">{problems.message}</Notice>
        <Notice kind="ok">{done}</Notice>
        <ButtonRow>
          <button type="submit">Save metadata</button>
        </ButtonRow>
      </form>
    </section>
  );
}
