/** The page: the header, then either the sign-in form or the signed-in shell with its areas. */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { AREAS, areaById } from './areas';
import { LiveBadge } from './components/LiveBadge';
import { Nav } from './components/Nav';
import { SignIn } from './components/SignIn';
import { DashboardContext, RouterContext } from './context';
import type { SessionApi } from './lib/api';
import { createDashboard } from './store/dashboard';
import type { Router } from './store/router';
import { REVOKED, type SessionStore } from './store/session';

export function App({ session, router }: { session: SessionStore; router: Router }) {
  const phase = useStore(session, (s) => s.phase);
  const api = useStore(session, (s) => s.api);
  const environment = useStore(session, (s) => s.environment);
  const merchantName = useStore(session, (s) => s.merchantName);
  const storeName = useStore(session, (s) => s.storeName);

  useEffect(() => {
    session.getState().resume();
  }, [session]);

  const signedIn = phase === 'signed-in' && api && environment;
  useEffect(() => {
    if (!signedIn) document.title = 'Counter dashboard';
  }, [signedIn]);

  return (
    <RouterContext.Provider value={router}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <div className="brand">
          Counter <span>dashboard</span>
        </div>
        {signedIn ? (
          <div className="who">
            <span className={`badge ${environment.key}`} data-testid="env-badge">
              {environment.label}
            </span>
            {/* The shop is the merchant, as the kiosk and the payment page name it; the store is
                which of its shops this is, so it comes second and smaller. */}
            <span className="shop" data-testid="shop-name">
              {merchantName}
              {storeName && storeName !== merchantName ? (
                <span className="store"> · {storeName}</span>
              ) : null}
            </span>
            <button
              type="button"
              className="secondary small"
              onClick={() => session.getState().signOut()}
            >
              Sign out
            </button>
          </div>
        ) : null}
      </header>
      {signedIn ? (
        <Shell
          api={api}
          session={session}
          router={router}
          environmentTitle={environment.title}
          sandbox={environment.key === 'sandbox'}
        />
      ) : (
        <main id="main">
          <SignIn session={session} />
        </main>
      )}
    </RouterContext.Provider>
  );
}

function Shell({
  api,
  session,
  router,
  environmentTitle,
  sandbox,
}: {
  api: SessionApi;
  session: SessionStore;
  router: Router;
  environmentTitle: string;
  sandbox: boolean;
}) {
  const dashboard = useMemo(
    () =>
      createDashboard({
        api,
        isHidden: () => document.hidden,
        onUnauthorized: () => session.getState().signOut(REVOKED),
        onMerchantName: (name) => session.getState().merchantShown(name),
        sandbox,
      }),
    [api, session, sandbox],
  );
  useEffect(() => {
    dashboard.start();
    const onVisible = () => {
      if (!document.hidden) dashboard.live.wake();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      dashboard.stop();
    };
  }, [dashboard]);
  const areaId = useStore(router.store, (s) => s.area);
  const area = areaById(areaId);
  useEffect(() => {
    document.title = `${area?.title ?? 'Not found'} · Counter dashboard · ${environmentTitle}`;
  }, [area, environmentTitle]);
  return (
    <DashboardContext.Provider value={dashboard}>
      <div className="shell">
        <div className="side">
          <Nav areas={AREAS} current={area?.id ?? null} />
          <LiveBadge />
        </div>
        <main id="main" className="area">
          {area ? (
            <area.Component />
          ) : (
            <section className="card narrow" aria-labelledby="nf-title">
              <h1 id="nf-title">Page not found</h1>
              <p>
                There is no dashboard page at this address. Choose one of the pages in the menu.
              </p>
            </section>
          )}
        </main>
      </div>
    </DashboardContext.Provider>
  );
}
