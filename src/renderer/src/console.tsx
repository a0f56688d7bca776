import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBridge } from './bridge/get-bridge';
import { followKioskLocale } from './store/follow-locale';
import { ConsoleApp } from './staff/ConsoleApp';
import { KioskProvider } from './store/context';
import { createHistoryStore } from './store/history-store';
import { createKioskStore } from './store/kiosk-store';
import './styles/base.css';
import './styles/console.css';
import './styles/end-of-day.css';
import './styles/card-on-file.css';
import './styles/console-till.css';
import './styles/console-cash.css';

const bridge = getBridge();
const store = createKioskStore(bridge);
followKioskLocale(store);
const history = createHistoryStore(bridge);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KioskProvider store={store} bridge={bridge} history={history}>
      <ConsoleApp />
    </KioskProvider>
  </StrictMode>,
);
