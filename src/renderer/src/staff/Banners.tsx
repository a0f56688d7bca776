import { useState } from 'react';
import type { KioskState } from '../../../shared/bridge';
import type { LinkState } from '../bridge/types';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';

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

/**
 * Cash sales taken while the service was out of reach, kept by the kiosk until the service has
 * them: how many, why the oldest has not gone, and Send now (also for one a refusal held).
 */
export function WaitingSalesBanner({ work }: { work: KioskState['offlineWork'] }) {
  const bridge = useBridge();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!work || work.waiting === 0) return null;

  async function sendNow() {
    setProblem(null);
    setSending(true);
    const outcome = await runCommand(bridge, { type: 'sendWaitingSales' }, {});
    setSending(false);
    if (!outcome.ok) setProblem(outcome.error.message);
  }

  return (
    <div className="banner banner--offline banner--wrap" role="status" data-testid="offline-work">
      <p className="banner__text">
        <strong>{work.waiting} waiting to send</strong> — cash taken or refunded while the payments
        service was out of reach; it goes by itself, in order, once the service answers.{' '}
        {work.error && <span data-testid="offline-work-error">{work.error}</span>}
      </p>
      <button
        type="button"
        className="button button--ghost"
        data-testid="offline-work-send"
        disabled={sending}
        onClick={() => void sendNow()}
      >
        Send now
      </button>
      {problem && <p className="form-error">{problem}</p>}
    </div>
  );
}
