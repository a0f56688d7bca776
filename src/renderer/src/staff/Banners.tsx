import type { LinkState } from '../bridge/types';

export function LinkBanner({ link }: { link: LinkState }) {
  if (link === 'open') return null;
  return (
    <div className="banner banner--link" role="status" data-testid="bridge-reconnecting">
      <span className="spinner" aria-hidden="true" />
      {link === 'connecting'
        ? 'Connecting to the kiosk…'
        : 'Reconnecting to the kiosk… What you see may be out of date; nothing can be started until it is back.'}
    </div>
  );
}

export function OfflineBanner({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <div className="banner banner--offline" role="alert" data-testid="offline-banner">
      <strong>Offline</strong> — the payments service cannot be reached. Payments already taken are
      safe; history is still available.
    </div>
  );
}
