import { useState } from 'react';
import { useKiosk } from '../store/context';
import { usePaymentDraft } from '../store/payment-draft';
import { LinkBanner, OfflineBanner, WaitingSalesBanner } from './Banners';
import { PrintJobsBanner } from './PrintJobs';
import { CardOnFile } from './CardOnFile';
import { ConsoleLock } from './ConsoleLock';
import { EndOfDay } from './EndOfDay';
import { Header, type Tab } from './Header';
import { History } from './History';
import { Pairing } from './Pairing';
import { Settings } from './Settings';
import { Shift } from './Shift';
import { StaffBar } from './StaffBar';
import { ChooseStaffPin, StaffGate, StaffPinSetNotice } from './StaffGate';
import { TakePayment } from './TakePayment';

export function ConsoleApp() {
  const kiosk = useKiosk((view) => view.kiosk);
  const link = useKiosk((view) => view.link);
  const [tab, setTab] = useState<Tab>('take');
  const paired = kiosk?.pairing.paired ?? false;

  function changeTab(next: Tab) {
    // An amount keyed in and left behind is not started by mistake when staff come back to it.
    if (tab === 'take' && next !== 'take') usePaymentDraft.getState().clearEntry();
    setTab(next);
  }

  // Locked from the dashboard: nothing but the lock until a manager or the owner opens it.
  if (kiosk?.staff?.locked)
    return (
      <div className="console" data-ready="true">
        <ConsoleLock />
      </div>
    );

  return (
    <div className="console" data-ready={kiosk ? 'true' : undefined}>
      <Header tab={tab} onTab={changeTab} kiosk={kiosk} />
      <LinkBanner link={link} />
      {kiosk && <OfflineBanner online={kiosk.online} />}
      {kiosk && <WaitingSalesBanner work={kiosk.offlineWork} />}
      {kiosk && <PrintJobsBanner jobs={kiosk.printJobs} />}
      {kiosk && <StaffBar kiosk={kiosk} />}
      <StaffPinSetNotice />
      {!kiosk ? (
        <main className="panel panel--loading">
          <p className="muted">Waiting for the kiosk…</p>
        </main>
      ) : (
        <main
          className="panel"
          role="tabpanel"
          id={`panel-${tab}`}
          aria-labelledby={`tab-${tab}`}
          key={tab}
        >
          {/* First start: the shop chooses its staff PIN before anything staff-only opens; on
              Take payment a strip, so a payment pushed meanwhile stays in view. */}
          {tab === 'take' && paired && !kiosk.staffPinSet && <ChooseStaffPin compact />}
          {tab === 'take' &&
            (paired ? (
              <TakePayment />
            ) : (
              <StaffGate action="pair this kiosk">{(pin) => <Pairing pin={pin} />}</StaffGate>
            ))}
          {tab === 'card' && (
            <StaffGate action={paired ? 'use card on file' : 'pair this kiosk'}>
              {(pin) => (paired ? <CardOnFile pin={pin} /> : <Pairing pin={pin} />)}
            </StaffGate>
          )}
          {tab === 'history' && <History />}
          {tab === 'shift' && (
            <StaffGate action="open the shift">{(pin) => <Shift pin={pin} />}</StaffGate>
          )}
          {tab === 'day' && (
            <StaffGate action="open the end-of-day report">
              {(pin) => <EndOfDay pin={pin} />}
            </StaffGate>
          )}
          {tab === 'settings' && (
            <StaffGate action="open Settings">
              {(pin) => <Settings kiosk={kiosk} pin={pin} />}
            </StaffGate>
          )}
        </main>
      )}
    </div>
  );
}
