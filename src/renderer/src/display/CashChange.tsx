/** A cash sale on the customer display: what they handed over and the change due to them. */
import { formatPence } from '../../../shared/money';
import { useKiosk } from '../store/context';
import '../styles/display-cash.css';

export function CashChange() {
  const active = useKiosk((view) => view.display?.active ?? null);
  const cash = active?.cash;
  if (!active || !cash) return null;
  return (
    <>
      <p className="outcome__line" data-testid="display-cash-tendered">
        Cash {formatPence(cash.tenderedPence, active.currency)}
      </p>
      <p className="outcome__cash" data-testid="display-cash-change">
        Change {formatPence(cash.changePence, active.currency)}
      </p>
    </>
  );
}
