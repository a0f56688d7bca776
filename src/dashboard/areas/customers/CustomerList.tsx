/** The customer list: search and metadata filter, newest first, 20 to a page, all in the address. */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { formatDateTime, formatWhen } from '../../../shared/format';
import { ButtonRow, TextInput } from '../../components/form';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { Table } from '../../components/Table';
import { useCustomers, useDashboard, useRouter } from '../../context';
import {
  listViewFromQuery,
  metadataText,
  queryOfListView,
  type ListView,
  type Problems,
} from '../../lib/customers';
import { CreateDialog } from './CreateDialog';
import { LookupsPanel } from './LookupsPanel';
import { MessagesPanel } from './MessagesPanel';

export function CustomerList() {
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
          <Table
            caption="Customers"
            columns={['Name', 'Email', 'Phone', 'Metadata', 'Added']}
            testId="customer-list"
          >
            {page.data.map((c) => (
              <tr key={c.id} data-testid="customer-row">
                <td>
                  <InPageLink area="customers" sub={c.id}>
                    {c.fullName}
                  </InPageLink>
                </td>
                <td>{c.email ?? '—'}</td>
                <td className="nowrap">
                  {c.phoneNumber
                    ? `${c.phoneCountryCode ? `+${c.phoneCountryCode} ` : ''}${c.phoneNumber}`
                    : '—'}
                </td>
                <td>{metadataText(c.metadata) || '—'}</td>
                <td className="time" title={formatDateTime(c.createdAt)}>
                  {formatWhen(c.createdAt)}
                </td>
              </tr>
            ))}
          </Table>
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
      <TextInput
        id="customer-search"
        label="Search"
        hint="Any part of the name, email or phone number."
        error={problems.fields.search}
        type="search"
        value={search}
        onValue={setSearch}
      />
      <TextInput
        id="customer-meta"
        label="Metadata filter"
        hint="key=value, several with commas: all must match."
        error={problems.fields.metadata}
        placeholder="tier=gold"
        value={meta}
        onValue={setMeta}
      />
      <ButtonRow>
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
      </ButtonRow>
    </form>
  );
}
