/** Says how the lists are kept current: pushed by the service, or polled while it cannot push. */
import { useStore } from 'zustand';
import { useDashboard } from '../context';

const TEXT = {
  connecting: 'Connecting…',
  live: 'Live updates',
  polling: 'Updating every 2 seconds',
  stopped: '',
} as const;

export function LiveBadge() {
  const mode = useStore(useDashboard().live.store, (s) => s.mode);
  return (
    <p className={`live ${mode}`} role="status" data-testid="live-mode">
      {TEXT[mode]}
    </p>
  );
}
