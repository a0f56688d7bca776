/**
 * Devices: every kiosk of every store at a glance (online or offline since when, the customer
 * display, the receipt printer, its version, work waiting on it, its alerts), those needing
 * attention first, kept live by the change stream; a kiosk's own page with its recent reports;
 * and how long a kiosk may be away before an alert (docs/fleet.md).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { Device } from '../../../shared/contract/fleet';
import { ButtonRow, TextInput } from '../../components/form';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDashboard, useDevices, useRouter } from '../../context';
import { alertText, displayText, printerText, stateText, workText } from './device-text';
import { DevicePage } from './DevicePage';

export function DevicesArea() {
  const router = useRouter();
  const sub = useStore(router.store, (s) => s.sub);
  const { devices } = useDashboard();
  useEffect(() => void devices.getState().open(sub || null), [devices, sub]);
  // Store names change on Settings, which the change stream does not announce.
  useEffect(() => void devices.getState().refresh(), [devices]);
  if (sub) return <DevicePage key={sub} />;
  return <DeviceList />;
}

function DeviceList() {
  const list = useDevices((s) => s.list);
  const stores = useDevices((s) => s.stores);
  const error = useDevices((s) => s.error);
  const attention = (list?.devices ?? []).filter((d) => d.alerts.length > 0);
  return (
    <section className="card" aria-labelledby="devices-title">
      <div className="head">
        <h1 id="devices-title">Devices</h1>
      </div>
      <Notice kind="error">{error ? `${error} Trying again shortly.` : ''}</Notice>
      {attention.length > 0 ? (
        <div className="warn" role="status" data-testid="devices-attention">
          <strong>
            {attention.length === 1 ? '1 kiosk needs' : `${attention.length} kiosks need`}{' '}
            attention:
          </strong>{' '}
          {attention.map((d) => `${d.name} (${d.alerts.map(alertText).join(', ')})`).join('; ')}
        </div>
      ) : null}
      {list && list.devices.length === 0 ? (
        <p className="muted">No kiosks yet. Pair one on the Terminals page.</p>
      ) : null}
      {list && list.devices.length > 0 ? (
        <Table
          caption="Kiosks, those needing attention first"
          columns={['Kiosk', 'Store', 'State', 'Display', 'Printer', 'Version', 'Waiting work']}
          testId="devices"
        >
          {list.devices.map((d) => (
            <DeviceRow
              key={d.terminalId}
              device={d}
              store={stores.find((s) => s.id === d.storeId)?.name ?? '—'}
            />
          ))}
        </Table>
      ) : null}
      <OfflineSetting />
    </section>
  );
}

function DeviceRow({ device, store }: { device: Device; store: string }) {
  return (
    <tr
      data-testid="device"
      data-terminal-id={device.terminalId}
      data-online={String(device.online)}
      data-alerts={device.alerts.map((a) => a.kind).join(' ')}
    >
      <td>
        <InPageLink area="devices" sub={device.terminalId} ariaLabel={`Health of ${device.name}`}>
          {device.name}
        </InPageLink>
        {device.simulated ? (
          <>
            {' '}
            <span className="tag" data-testid="device-simulated">
              Simulated
            </span>
          </>
        ) : null}
      </td>
      <td>{store}</td>
      <td data-testid="device-state">
        <span className={`state${device.online ? ' online' : ''}`}>{stateText(device)}</span>
        {device.alerts.length > 0 ? (
          <div className="warn" data-testid="device-alerts">
            {device.alerts.map(alertText).join(', ')}
          </div>
        ) : null}
      </td>
      <td data-testid="device-display">{displayText(device.report)}</td>
      <td data-testid="device-printer">{printerText(device.report)}</td>
      <td>{device.report?.appVersion ?? '—'}</td>
      <td data-testid="device-work">{workText(device.report)}</td>
    </tr>
  );
}

function OfflineSetting() {
  const { devices } = useDashboard();
  const settings = useDevices((s) => s.list?.settings);
  const error = useDevices((s) => s.settingsError);
  const saved = useDevices((s) => s.settingsSaved);
  const [text, setText] = useState<string | null>(null);
  if (!settings) return null;
  const value = text ?? String(settings.offlineAlertSeconds);
  async function save(event: FormEvent) {
    event.preventDefault();
    if (await devices.getState().saveOfflineSeconds(value)) setText(null);
  }
  return (
    <form onSubmit={(e) => void save(e)} aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <p className="muted">
        An alert goes to your webhooks (TERMINAL_HEALTH) and by e-mail when a kiosk is offline
        longer than this, its printer is offline or in error, work has waited on it over 10 minutes,
        or it runs a version older than {settings.minimumKioskVersion}.
      </p>
      <TextInput
        id="offline-seconds"
        label="Offline alert after (seconds)"
        inputMode="numeric"
        value={value}
        onValue={setText}
        error={error}
        data-testid="offline-seconds"
      />
      <ButtonRow>
        <button type="submit" data-testid="offline-seconds-save">
          Save
        </button>
      </ButtonRow>
      <Notice kind="ok">{saved && text === null ? 'Saved.' : ''}</Notice>
    </form>
  );
}
