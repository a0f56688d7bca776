import { useRef, useState, type KeyboardEvent } from 'react';
import type { KioskState } from '../../../shared/bridge';

export type Tab = 'take' | 'card' | 'history' | 'shift' | 'day' | 'settings';

const TABS: { id: Tab; label: string }[] = [
  { id: 'take', label: 'Take payment' },
  { id: 'card', label: 'Card on file' },
  { id: 'history', label: 'History' },
  { id: 'shift', label: 'Shift' },
  { id: 'day', label: 'End of day' },
  { id: 'settings', label: 'Settings' },
];

/**
 * The pill says whether the kiosk is connected to the payments service, nothing about money: it
 * never says "Live", which beside an environment badge reads as "live mode".
 */
const CONNECTION_LABEL: Record<KioskState['connection'], string> = {
  connecting: 'Connecting',
  connected: 'Connected',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
};

const CONNECTION_HELP: Record<KioskState['connection'], string> = {
  connecting: 'Connecting to the payments service',
  connected: 'Connected to the payments service: payments pushed from the dashboard arrive at once',
  reconnecting:
    'The connection to the payments service dropped; reconnecting. Status checks carry on.',
  offline: 'Not connected to the payments service; the kiosk checks payment status by polling',
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
  const shop = (pairing?.paired && pairing.merchantName) || 'Counter';
  const logo = (pairing?.paired && pairing.merchantLogoUrl) || null;

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
        {logo ? <BrandLogo key={logo} src={logo} /> : <Monogram />}
        {/* The shop first, in full: it is what staff recognise; the terminal under it. */}
        <span className="brand__text">
          <span className="brand__name" data-testid="brand-shop" title={shop}>
            {shop}
          </span>
          <span className="brand__where" data-testid="brand-terminal">
            {pairing?.paired && pairing.terminalName ? pairing.terminalName : 'Counter'}
          </span>
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
        {/* Sandbox takes no real money and says so in a colour of its own; production, the
            normal state of a till, needs no badge. */}
        {pairing?.paired && pairing.environment === 'sandbox' && (
          <span
            className="badge badge--sandbox"
            data-testid="environment-badge"
            title="Sandbox: payments here are tests, no real money moves"
          >
            Sandbox
            <span className="badge__more">
              <span className="sr-only"> — </span>test payments only
            </span>
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
            <span className="sr-only">Payments service: </span>
            {pairing?.paired ? CONNECTION_LABEL[kiosk.connection] : 'Not paired'}
          </span>
        )}
      </div>
    </header>
  );
}

function Monogram() {
  return (
    <span className="brand__mark" aria-hidden="true" data-testid="brand-mark">
      C
    </span>
  );
}

/**
 * The shop's logo where the monogram was, as the customer display shows it: an image loaded from
 * the service (never its markup put into the page), decorative beside the shop's name, and the
 * monogram again if it cannot be loaded.
 */
function BrandLogo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Monogram />;
  return (
    <img
      className="brand__logo"
      src={src}
      alt=""
      data-testid="brand-logo"
      onError={() => setFailed(true)}
    />
  );
}
