import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBridge } from './bridge/get-bridge';
import { followKioskLocale } from './store/follow-locale';
import { DisplayApp } from './display/DisplayApp';
import { KioskProvider } from './store/context';
import { createKioskStore } from './store/kiosk-store';
import './styles/base.css';
import './styles/display.css';

const bridge = getBridge();
// A LAN display whose session ended reloads: the kiosk then asks for the display code again.
const store = createKioskStore(bridge, {
  window: 'display',
  onSessionExpired: () => location.reload(),
});
followKioskLocale(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KioskProvider store={store} bridge={bridge}>
      <DisplayApp />
    </KioskProvider>
  </StrictMode>,
);
