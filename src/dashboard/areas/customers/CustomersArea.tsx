/**
 * Customers: /dashboard/customers is the searchable list (search, metadata filter and page kept
 * in the address), /dashboard/customers/{id} one customer. Both show the sandbox's outbox of
 * messages and the terminals' customer lookups.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useStore } from 'zustand';
import type { OutboxMessage } from '../../../shared/contract/messages';
import { formatDateTime, formatWhen } from '../../../shared/format';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { useCustomers, useDashboard, useRouter } from '../../context';
import {
  emptyForm,
  listViewFromQuery,
  queryOfListView,
  type CustomerForm,
  type ListView,
  type MetadataRow,
  type Problems,
  NO_PROBLEMS,
} from '../../lib/customers';
import { pathOf } from '../../store/router';
import { CustomerFields } from './CustomerFields';
import { CustomerPage } from './CustomerPage';
import { Dialog, Field, MetadataTable } from './parts';
import './customers.css';

export function CustomersArea() {
  const router = useRouter();
  const sub = useStore(router.store, (s) => s.sub);
  return sub ? <CustomerPage customerId={sub} /> : <CustomerList />;
}

/** A link to a customer's page, moved to in-page like the menu's links. */
export function CustomerLink({ id, children }: { id: string; children: string }) {
  const router = useRouter();
  return (
    <a
      href={pathOf('customers', id)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        router.navigate('customers', id);
        document.getElementById('main')?.focus();
      }}
    >
      {children}
    </a>
  );
}

function CustomerList() {
  const { customers } = useDashboard();
  const router = useRouter();
  const query = useStore(router.store, (s) => s.query);
  const page = useCustomers((s) => s.page);
  const problems = useCustomers((s) => s.listProblems);
  const view = useCustomers((s) => s.view);
  const [creating, setCreating] = useState(false);
  // The address leads (reload, back, a bookmark); the form's moves are written into it.
  useEffect(() => customers.getState().showList(listViewFromQuery(query)), [customers, query]);
  const move = (next: ListView) => {
    router.setQuery(queryOfListView(next));
    customers.getState().showList(next);
  };
  return (
    <>
      <section className="card wide" aria-labelledby="customers-title">
        <div className="head">
          <h1 id="customers-title">Customers</h1>
          <button type="button" onClick={() => setCreating(true)}>
            New customer
          </button>
        </div>
        {/* Keyed by the address so back, forward and a reload fill the fields afresh. */}
        <SearchForm
          key={query}
          initial={listViewFromQuery(query)}
          problems={problems}
          onSearch={move}
        />
        <Notice kind="error">{problems.message}</Notice>
        {page && page.data.length === 0 ? (
          <p className="muted" role="status">
            {view.search || view.meta ? 'No customer matches.' : 'No customers yet.'}
          </p>
        ) : null}
        {page && page.data.length > 0 ? (
          <div className="table-wrap">
            <table data-testid="customer-list">
              <caption className="visually-hidden">Customers</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Metadata</th>
                  <th scope="col">Added</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((c) => (
                  <tr key={c.id} data-testid="customer-row">
                    <td>
                      <CustomerLink id={c.id}>{c.fullName}</CustomerLink>
                    </td>
                    <td>{c.email ?? '—'}</td>
                    <td>
                      {c.phoneNumber
                        ? `${c.phoneCountryCode ? `+${c.phoneCountryCode} ` : ''}${c.phoneNumber}`
                        : '—'}
                    </td>
                    <td>
                      {Object.entries(c.metadata)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(', ') || '—'}
                    </td>
                    <td title={formatDateTime(c.createdAt)}>{formatWhen(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {page && page.totalCount > 0 ? (
          <Pager
            label="Customer pages"
            page={page}
            rangeTestId="customer-range"
            onNewer={() => move({ ...view, pageNumber: Math.max(0, view.pageNumber - 1) })}
            onOlder={() => move({ ...view, pageNumber: view.pageNumber + 1 })}
          />
        ) : null}
      </section>
      {creating ? <CreateDialog onClose={() => setCreating(false)} /> : null}
      <MessagesPanel />
      <LookupsPanel />
    </>
  );
}

function SearchForm({
  initial,
  problems,
  onSearch,
}: {
  initial: ListView;
  problems: Problems;
  onSearch: (view: ListView) => void;
}) {
  const [search, setSearch] = useState(initial.search);
  const [meta, setMeta] = useState(initial.meta);
  return (
    <form
      role="search"
      className="search-row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ search: search.trim(), meta: meta.trim(), pageNumber: 0 });
      }}
    >
      <Field
        id="customer-search"
        label="Search"
        hint="Any part of the name, email or phone number."
        error={problems.fields.search}
      >
        {(props) => (
          <input
            {...props}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </Field>
      <Field
        id="customer-meta"
        label="Metadata filter"
        hint="key=value, several with commas: all must match."
        error={problems.fields.metadata}
      >
        {(props) => (
          <input
            {...props}
            placeholder="tier=gold"
            value={meta}
            onChange={(e) => setMeta(e.target.value)}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit">Search</button>
        {initial.search || initial.meta ? (
          <button
            type="button"
            className="secondary"
            onClick={() => onSearch({ search: '', meta: '', pageNumber: 0 })}
          >
            Show all
          </button>
        ) : null}
      </div>
    </form>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { customers } = useDashboard();
  const router = useRouter();
  const [form, setForm] = useState<CustomerForm>(emptyForm);
  const [metadata, setMetadata] = useState<MetadataRow[]>([]);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title="New customer" onClose={onClose} testId="create-dialog">
      <form
        noValidate
        autoComplete="off"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const answer = await customers.getState().create(form, metadata);
          setBusy(false);
          setProblems(answer);
          if (answer.id) {
            onClose();
            router.navigate('customers', answer.id);
          }
        }}
      >
        <CustomerFields prefix="new" form={form} errors={problems.fields} onChange={setForm} />
        <MetadataTable
          idPrefix="new-metadata"
          rows={metadata}
          onChange={setMetadata}
          error={problems.fields.metadata}
        />
        <Notice kind="error">{problems.message}</Notice>
        <div className="actions">
          <button type="submit" disabled={busy}>
            Create customer
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The outbox's statuses in words (docs/customers.md, Messages and SMTP). */
const MESSAGE_STATUS: Record<OutboxMessage['status'], string> = {
  STORED: 'Kept here',
  QUEUED: 'Sending',
  SENT: 'Sent',
  FAILED: 'Not sent',
};

/** The sandbox's outbox: every card-saving link sent by email or SMS, newest first. */
export function MessagesPanel({ customerId }: { customerId?: string }) {
  const { customers, sandbox } = useDashboard();
  const messages = useCustomers((s) => s.messages);
  const error = useCustomers((s) => s.messagesError);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) void customers.getState().refreshMessages();
    first.current = false;
  }, [customers]);
  if (!sandbox) return null;
  const rows = (messages?.data ?? []).filter((m) => !customerId || m.customerId === customerId);
  return (
    <section className="card wide" aria-labelledby="messages-title" data-testid="messages">
      <h2 id="messages-title">Messages sent</h2>
      <p className="muted">
        The sandbox keeps every message it sends customers here (an email also goes to the SMTP
        server, when one is configured). Newest first.
      </p>
      <Notice kind="error">{error}</Notice>
      {rows.length === 0 ? <p className="muted">No messages yet.</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Messages sent to customers</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Channel</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Link</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} data-testid="message">
                  <td title={formatDateTime(m.createdAt)}>{formatWhen(m.createdAt)}</td>
                  <td>{m.channel === 'EMAIL' ? 'Email' : 'SMS'}</td>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td className="h-url">{m.link ?? '—'}</td>
                  <td title={m.status}>
                    {MESSAGE_STATUS[m.status]}
                    {m.error ? ` · ${m.error}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** Who looked whom up from a terminal, and when (a terminal can only look up, never list). */
function LookupsPanel() {
  const { customers } = useDashboard();
  const lookups = useCustomers((s) => s.lookups);
  const error = useCustomers((s) => s.lookupsError);
  useEffect(() => void customers.getState().refreshLookups(), [customers]);
  return (
    <section className="card wide" aria-labelledby="lookups-title" data-testid="lookups">
      <h2 id="lookups-title">Terminal customer lookups</h2>
      <p className="muted">
        Each time a kiosk looks a customer up by email or phone number, newest first.
      </p>
      <Notice kind="error">{error}</Notice>
      {lookups && lookups.data.length === 0 ? <p className="muted">No lookups yet.</p> : null}
      {lookups && lookups.data.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Terminal customer lookups</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Terminal</th>
                <th scope="col">Looked up by</th>
                <th scope="col">Customer</th>
              </tr>
            </thead>
            <tbody>
              {lookups.data.map((l) => (
                <tr key={l.id} data-testid="lookup">
                  <td title={formatDateTime(l.createdAt)}>{formatWhen(l.createdAt)}</td>
                  <td>
                    <TerminalName id={l.terminalId} />
                  </td>
                  <td>
                    {l.by === 'email' ? 'Email' : 'Phone'} {l.query}
                  </td>
                  <td>
                    {l.found && l.customerId ? (
                      <CustomerLink id={l.customerId}>Open customer</CustomerLink>
                    ) : (
                      'Not found'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function TerminalName({ id }: { id: string }) {
  const name = useStore(
    useDashboard().terminals,
    (s) => s.terminals?.find((t) => t.id === id)?.name,
  );
  return <>{name ?? id.slice(0, 8)}</>;
}
