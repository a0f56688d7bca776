import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBridge } from './bridge/get-bridge';
import { DisplayApp } from './display/DisplayApp';
import { DisplayLanguage } from './display/language';
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
// The display's `lang` and `dir` follow the customer's language (display/language.tsx), not
// the kiosk's locale: the staff console keeps that.

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KioskProvider store={store} bridge={bridge}>
      <DisplayLanguage>
        <DisplayApp />
      </DisplayLanguage>
    </KioskProvider>
  </StrictMode>,
);
