/**
 * One kiosk's health: its latest report, its open alerts, the remote actions (sign out staff,
 * lock the console, …) and its recent reports, newest first.
 */
import { formatWhen } from '../../../shared/format';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDevices } from '../../context';
import { RemoteActions } from '../settings/RemoteActions';
import { alertText, diskText, displayText, printerText, stateText, workText } from './device-text';

export function DevicePage() {
  const detail = useDevices((s) => s.detail);
  const error = useDevices((s) => s.detailError);
  const stores = useDevices((s) => s.stores);
  const report = detail?.report ?? null;
  return (
    <section className="card" aria-labelledby="device-title">
      <p>
        <InPageLink area="devices">← All devices</InPageLink>
      </p>
      <h1 id="device-title">{detail?.name ?? 'Kiosk'}</h1>
      {detail?.simulated ? (
        <p data-testid="device-simulated">
          <span className="tag">Simulated</span> A kiosk the sandbox plays (POST
          /api/sandbox/kiosks): set what it reports with PATCH /api/sandbox/kiosks/
          {detail.terminalId}.
        </p>
      ) : null}
      <Notice kind="error">{error}</Notice>
      {detail ? (
        <dl className="facts" data-testid="device-facts">
          <dt>Store</dt>
          <dd>{stores.find((s) => s.id === detail.storeId)?.name ?? '—'}</dd>
          <dt>State</dt>
          <dd data-testid="device-state">{stateText(detail)}</dd>
          <dt>Alerts</dt>
          <dd data-testid="device-alerts">
            {detail.alerts.length === 0
              ? 'None'
              : detail.alerts.map((a) => `${alertText(a)} since ${formatWhen(a.since)}`).join(', ')}
          </dd>
          <dt>Customer display</dt>
          <dd>{displayText(report)}</dd>
          <dt>Receipt printer</dt>
          <dd data-testid="device-printer">{printerText(report)}</dd>
          <dt>Waiting work</dt>
          <dd>{workText(report)}</dd>
          <dt>Version</dt>
          <dd>{report?.appVersion ?? '—'}</dd>
          <dt>Last sync</dt>
          <dd>{report?.lastSyncAt ? formatWhen(report.lastSyncAt) : '—'}</dd>
          <dt>Disk</dt>
          <dd>{diskText(report?.diskFreeBytes ?? null)}</dd>
          <dt>Last report</dt>
          <dd>{detail.lastReportAt ? formatWhen(detail.lastReportAt) : 'None yet'}</dd>
        </dl>
      ) : null}
      {detail ? <RemoteActions terminalId={detail.terminalId} /> : null}
      {detail && detail.history.length > 0 ? (
        <>
          <h2>Recent reports</h2>
          <Table
            caption="Recent reports, newest first"
            showCaption
            columns={['When', 'Display', 'Printer', 'Waiting work', 'Version']}
            testId="device-history"
          >
            {detail.history.map((entry) => (
              <tr key={entry.at}>
                <td>{formatWhen(entry.at)}</td>
                <td>{displayText(entry.report)}</td>
                <td>{printerText(entry.report)}</td>
                <td>{workText(entry.report)}</td>
                <td>{entry.report.appVersion}</td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
    </section>
  );
}
