/**
 * The dashboard's URL: every area has a real address under /dashboard/, moved through with the
 * history API, so the back button and a reload work. The service answers every /dashboard/...
 * address with the same page (src/service/pages/dashboard.ts).
 */
import { createStore } from 'zustand/vanilla';

export const BASE = '/dashboard';

/** "/dashboard/payments/" → "payments"; "/dashboard" → "" (the default area). */
export function areaOf(pathname: string): string {
  if (pathname !== BASE && !pathname.startsWith(`${BASE}/`)) return '';
  return (
    pathname
      .slice(BASE.length)
      .replace(/^\/+|\/+$/g, '')
      .split('/')[0] ?? ''
  );
}

export function pathOf(area: string): string {
  return `${BASE}/${area}`;
}

export interface HistoryLike {
  pushState(data: unknown, unused: string, url: string): void;
}

export function createRouter(location: { pathname: string }, history: HistoryLike) {
  const store = createStore<{ area: string }>()(() => ({ area: areaOf(location.pathname) }));
  return {
    store,
    navigate(area: string) {
      if (area === store.getState().area && areaOf(location.pathname) === area) return;
      history.pushState(null, '', pathOf(area));
      store.setState({ area });
    },
    /** The browser moved (back, forward): follow it. */
    sync() {
      store.setState({ area: areaOf(location.pathname) });
    },
  };
}
export type Router = ReturnType<typeof createRouter>;
