import './zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { tabStorage } from './lib/secret-storage';
import { createRouter } from './store/router';
import { createSessionStore } from './store/session';
import './styles.css';

const session = createSessionStore({
  baseUrl: '',
  storage: tabStorage(() => window.sessionStorage),
});
const router = createRouter(window.location, window.history);
window.addEventListener('popstate', () => router.sync());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App session={session} router={router} />
  </StrictMode>,
);
