import { useRef, type KeyboardEvent } from 'react';
import type { KioskState } from '../../../shared/bridge';

export type Tab = 'take' | 'card' | 'history' | 'day' | 'settings';

const TABS: { id: Tab; label: string }[] = [
  { id: 'take', label: 'Take payment' },
  { id: 'card', label: 'Card on file' },
  { id: 'history', label: 'History' },
  { id: 'day', label: 'End of day' },
  { id: 'settings', label: 'Settings' },
];

const CONNECTION_LABEL: Record<KioskState['connection'], string> = {
  connecting: 'Connecting',
  connected: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
};

const CONNECTION_HELP: Record<KioskState['connection'], string> = {
  connecting: 'Opening the push channel to the payments service',
  connected: 'Payments pushed from the dashboard arrive instantly',
  reconnecting: 'The push channel dropped; reconnecting. Status checks carry on.',
  offline: 'No push channel; the kiosk checks payment status by polling',
};

export function Header({
  tab,
  onTab,
  kiosk,
}: {
  tab: Tab;
  onTab: (tab: Tab) => void;
  kiosk: KioskState | null;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const pairing = kiosk?.pairing;

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    onTab(TABS[next]!.id);
    refs.current[next]?.focus();
  }

  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand__mark" aria-hidden="true">
          C
        </span>
        <span className="brand__text">
          <span className="brand__name">Counter</span>
          {pairing?.paired && (
            <span className="brand__where">
              {[pairing.merchantName, pairing.terminalName].filter(Boolean).join(' · ')}
            </span>
          )}
        </span>
      </div>
      <nav className="tabs" role="tablist" aria-label="Sections">
        {TABS.map((item, index) => (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            className="tab"
            data-testid={`tab-${item.id}`}
            onClick={() => onTab(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </nav>
      <div className="topbar__status">
        {pairing?.paired && (
          <span className={`badge badge--${pairing.environment}`}>
            {pairing.environment === 'production' ? 'Production' : 'Sandbox'}
          </span>
        )}
        {kiosk && (
          <span
            className={`connection connection--${kiosk.connection}`}
            data-testid="connection-state"
            data-state={kiosk.connection}
            title={CONNECTION_HELP[kiosk.connection]}
            role="status"
          >
            <span className="connection__dot" aria-hidden="true" />
            <span className="sr-only">Push channel: </span>
            {pairing?.paired ? CONNECTION_LABEL[kiosk.connection] : 'Not paired'}
          </span>
        )}
      </div>
    </header>
  );
}
