import type { KioskState } from '../../../shared/bridge';
import { setBy } from '../../../shared/contract/kiosk-settings';

const LABELS: Record<string, string> = {
  tipsEnabled: 'Offer tips',
  tipPercentages: 'Tips offered',
  printReceiptAfterPayment: 'Print a receipt after each payment',
  idleScreenText: 'Idle screen text',
  keypadMaxPence: 'Largest keypad amount',
  signOutMinutes: 'Sign staff out after',
  displayLanguage: 'Display language',
  displayHighContrast: 'Display starts in high contrast',
  displayLargeText: 'Display starts with larger text',
};

function shown(field: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (field === 'tipPercentages' && Array.isArray(value))
    return value.map((p) => `${String(p)}%`).join(', ');
  if (field === 'keypadMaxPence' && typeof value === 'number')
    return `£${(value / 100).toFixed(2)}`;
  if (field === 'signOutMinutes') return `${String(value)} minutes`;
  return String(value);
}

/**
 * What the merchant sets for this kiosk from the dashboard (docs/fleet.md), as it now stands: a
 * locked setting is read-only here ("Set by your merchant", or your store when the store's level
 * sets it); the others are left to staff.
 */
export function CentralSettings({ central }: { central: NonNullable<KioskState['central']> }) {
  return (
    <section className="card" aria-labelledby="central-settings-title">
      <h2 className="card__title" id="central-settings-title">
        Set from the dashboard
      </h2>
      <dl className="central-settings" data-testid="central-settings">
        {Object.entries(central.settings).map(([field, value]) => {
          const locked = central.locked.includes(field);
          return (
            <div key={field} data-testid={`central-${field}`} data-locked={locked}>
              <dt>{LABELS[field] ?? field}</dt>
              <dd>
                <output>{shown(field, value)}</output>{' '}
                <span className="muted">
                  {locked ? setBy(central.from[field]) : 'Left open to staff'}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
