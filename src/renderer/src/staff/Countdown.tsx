import { formatCountdown, remainingMs, URGENT_MS } from '../lib/countdown';
import { useNow } from '../lib/use-now';

export function Countdown({
  expiresAt,
  label = 'Expires in',
}: {
  expiresAt: string;
  label?: string;
}) {
  const now = useNow();
  const left = remainingMs(expiresAt, now);
  if (left === null) return null;
  return (
    <p
      className={`countdown${left <= URGENT_MS ? ' countdown--urgent' : ''}`}
      data-testid="countdown"
    >
      <span className="countdown__label">{label}</span>{' '}
      <time className="countdown__value" dateTime={expiresAt}>
        {formatCountdown(left)}
      </time>
    </p>
  );
}
