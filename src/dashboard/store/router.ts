/**
 * The dashboard's URL: every area has a real address under /dashboard/, moved through with the
 * history API, so the back button and a reload work. The service answers every /dashboard/...
 * address with the same page (src/service/site/dashboard.ts). An area may keep its view (a
 * filter, a page number) in the query, replaced in place so a reload keeps it without adding
 * a history entry per click.
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

/** "/dashboard/customers/abc/" → "abc": what an area shows inside itself (one record). */
export function subOf(pathname: string): string {
  if (!pathname.startsWith(`${BASE}/`)) return '';
  return pathname
    .slice(BASE.length)
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .slice(1)
    .join('/');
}

export function pathOf(area: string, sub = ''): string {
  return `${BASE}/${area}${sub ? `/${sub}` : ''}`;
}

export interface HistoryLike {
  pushState(data: unknown, unused: string, url: string): void;
  replaceState(data: unknown, unused: string, url: string): void;
}

export interface RouteState {
  area: string;
  /** The rest of the path after the area ("" for the area's own page). */
  sub: string;
  /** The query without its "?", e.g. "status=COMPLETED&page=2". */
  query: string;
}

export function createRouter(location: { pathname: string; search: string }, history: HistoryLike) {
  const read = (): RouteState => ({
    area: areaOf(location.pathname),
    sub: subOf(location.pathname),
    query: location.search.replace(/^\?/, ''),
  });
  const store = createStore<RouteState>()(read);
  return {
    store,
    navigate(area: string, sub = '') {
      const path = pathOf(area, sub);
      if (path === location.pathname && area === store.getState().area) return;
      history.pushState(null, '', path);
      store.setState({ area, sub, query: '' });
    },
    /** Puts the area's view into the address, in place. */
    setQuery(params: Record<string, string | undefined>) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
      const query = search.toString();
      if (query === store.getState().query) return;
      history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
      store.setState({ query });
    },
    /** The browser moved (back, forward): follow it. */
    sync() {
      store.setState(read());
    },
  };
}
export type Router = ReturnType<typeof createRouter>;
