import { useEffect, useState } from 'react';
import type { ReplyOf } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';

type Action = ReplyOf<'staffActions'>['actions'][number];

const DID: Record<Action['action'], string> = {
  payment: 'Taken by',
  refund: 'Refunded by',
  capture: 'Captured by',
  release: 'Hold released by',
  cancel: 'Cancelled by',
  price: 'Price lowered by',
};

/** What the action was about: a refund's amount, or a price override's line and prices. */
function about(a: Action): string {
  if (a.action === 'price' && a.fromPence !== undefined && a.amountPence !== null)
    return ` (${a.description ?? 'a line'}: ${formatPence(a.fromPence)} to ${formatPence(a.amountPence)})`;
  return a.amountPence !== null && a.action !== 'payment' ? ` (${formatPence(a.amountPence)})` : '';
}

/**
 * Who took this payment at the kiosk, and who refunded, captured, released or cancelled it or
 * lowered a line's price, each with the manager who approved it: read again whenever the payment's detail is (`version`).
 */
export function StaffOnPayment({
  paymentRequestId,
  version,
}: {
  paymentRequestId: string;
  version: unknown;
}) {
  const bridge = useBridge();
  const [actions, setActions] = useState<Action[]>([]);
  useEffect(() => {
    let live = true;
    void runCommand(bridge, { type: 'staffActions', paymentRequestId }, {}).then((outcome) => {
      if (live && outcome.ok) setActions(outcome.result.actions);
    });
    return () => {
      live = false;
    };
  }, [bridge, paymentRequestId, version]);

  if (!actions.length) return null;
  return (
    <>
      <h3 className="detail__subtitle">Staff</h3>
      <ul className="staff-actions" data-testid="staff-actions">
        {actions.map((a, i) => (
          <li key={i} data-testid="staff-action">
            {DID[a.action]} {a.staff.name}
            {about(a)}
            {a.approvedBy && `, approved by ${a.approvedBy.name}`}
          </li>
        ))}
      </ul>
    </>
  );
}
