import type { CSSProperties } from 'react';
import type { KioskState } from '../../../shared/bridge';
import { formatPence } from '../lib/format';

export function Takings({ takings }: { takings: KioskState['takings'] }) {
  const tiles = takings.refundedPence > 0 ? 4 : 3;
  return (
    <section className="card takings" aria-labelledby="takings-title">
      <h2 className="card__title" id="takings-title">
        Today’s takings
      </h2>
      {/* Three tiles, or four once something is refunded: one even grid either way. */}
      <div
        className={`takings__grid takings__grid--${tiles}`}
        data-testid="takings-grid"
        data-tiles={tiles}
      >
        <Stat
          big
          value={formatPence(takings.totalPence)}
          label={takings.refundedPence > 0 ? 'taken, net of refunds' : 'taken'}
          testId="takings-total"
        />
        <Stat
          value={String(takings.count)}
          label={takings.count === 1 ? 'payment' : 'payments'}
          testId="takings-count"
        />
        <Stat value={formatPence(takings.tipsPence)} label="in tips" testId="takings-tips" />
        {takings.refundedPence > 0 && (
          <Stat
            value={formatPence(takings.refundedPence)}
            label="refunded"
            testId="takings-refunded"
          />
        )}
      </div>
    </section>
  );
}

/**
 * One tile. Its figure stays on one line however narrow the tile: the stylesheet sizes the font
 * from the tile's width and the figure's length (`--chars`), never breaking "£1,234.56" apart.
 */
function Stat({
  value,
  label,
  testId,
  big = false,
}: {
  value: string;
  label: string;
  testId: string;
  big?: boolean;
}) {
  return (
    <div className={big ? 'stat stat--big' : 'stat'}>
      <span
        className="stat__value"
        data-testid={testId}
        style={{ '--chars': value.length } as CSSProperties}
      >
        {value}
      </span>
      <span className="stat__label">{label}</span>
    </div>
  );
}
