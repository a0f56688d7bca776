import type { KioskState } from '../../../shared/bridge';
import { formatPounds } from '../lib/format';

export function Takings({ takings }: { takings: KioskState['takings'] }) {
  return (
    <section className="card takings" aria-labelledby="takings-title">
      <h2 className="card__title" id="takings-title">
        Today’s takings
      </h2>
      <div className="takings__grid">
        <div className="stat stat--big">
          <span className="stat__value" data-testid="takings-total">
            {formatPounds(takings.total)}
          </span>
          <span className="stat__label">
            {(takings.refunded ?? 0) > 0 ? 'taken, net of refunds' : 'taken'}
          </span>
        </div>
        <div className="stat">
          <span className="stat__value" data-testid="takings-count">
            {takings.count}
          </span>
          <span className="stat__label">{takings.count === 1 ? 'payment' : 'payments'}</span>
        </div>
        <div className="stat">
          <span className="stat__value" data-testid="takings-tips">
            {formatPounds(takings.tips)}
          </span>
          <span className="stat__label">in tips</span>
        </div>
        {(takings.refunded ?? 0) > 0 && (
          <div className="stat">
            <span className="stat__value" data-testid="takings-refunded">
              {formatPounds(takings.refunded ?? 0)}
            </span>
            <span className="stat__label">refunded</span>
          </div>
        )}
      </div>
    </section>
  );
}
