/** Who looked whom up from a terminal, and when (a terminal can only look up, never list). */
import { useEffect } from 'react';
import { formatDateTime, formatWhen } from '../../../shared/format';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useCustomers, useDashboard, useTerminals } from '../../context';
import { terminalName } from '../../lib/terminal-choices';

export function LookupsPanel() {
  const { customers } = useDashboard();
  const lookups = useCustomers((s) => s.lookups);
  const error = useCustomers((s) => s.lookupsError);
  const terminals = useTerminals((s) => s.terminals);
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
        <Table
          caption="Terminal customer lookups"
          columns={['Time', 'Terminal', 'Looked up by', 'Customer']}
        >
          {lookups.data.map((l) => (
            <tr key={l.id} data-testid="lookup">
              <td className="time" title={formatDateTime(l.createdAt)}>
                {formatWhen(l.createdAt)}
              </td>
              <td className="nowrap">{terminalName(terminals ?? [], l.terminalId)}</td>
              <td>
                {l.by === 'email' ? 'Email' : 'Phone'} {l.query}
              </td>
              <td className="nowrap">
                {l.found && l.customerId ? (
                  <InPageLink area="customers" sub={l.customerId}>
                    Open customer
                  </InPageLink>
                ) : (
                  'Not found'
                )}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </section>
  );
}
