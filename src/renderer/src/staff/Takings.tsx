import type { KioskState } from '../../../shared/bridge';
import { formatPence } from '../lib/format';

export function Takings({ takings }: { takings: KioskState['takings'] }) {
  return (
    <section className="card takings" aria-labelledby="takings-title">
      <h2 className="card__title" id="takings-title">
        Today’s takings
      </h2>
      <div className="takings__grid">
        <div className="stat stat--big">
          <span className="stat__value" data-testid="takings-total">
            {formatPence(takings.totalPence)}
          </span>
          <span className="stat__label">
            {takings.refundedPence > 0 ? 'taken, net of refunds' : 'taken'}
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
            {formatPence(takings.tipsPence)}
          </span>
          <span className="stat__label">in tips</span>
        </div>
        {takings.refundedPence > 0 && (
          <div className="stat">
            <span className="stat__value" data-testid="takings-refunded">
              {formatPence(takings.refundedPence)}
            </span>
            <span className="stat__label">refunded</span>
          </div>
        )}
      </div>
    </section>
  );
}
