/** A customer's charges, newest first, 20 to a page, live; an authorisation can be settled. */
import { useState } from 'react';
import { formatDateTime, formatPounds, formatWhen } from '../../../shared/format';
import type { PaymentStatusRecord } from '../../../shared/contract/payments';
import { ButtonRow } from '../../components/form';
import { Pager } from '../../components/Pager';
import { StatusBadge } from '../../components/StatusBadge';
import { Table, num } from '../../components/Table';
import { useCustomers, useDashboard } from '../../context';
import { canSettle, captureTypeOf } from '../../lib/customers';
import { CancelDialog } from './CancelDialog';
import { CaptureDialog } from './CaptureDialog';

export function Charges() {
  const { customers } = useDashboard();
  const charges = useCustomers((s) => s.charges);
  const pageNumber = useCustomers((s) => s.chargesPageNumber);
  const [dialog, setDialog] = useState<{
    kind: 'capture' | 'cancel';
    payment: PaymentStatusRecord;
  } | null>(null);
  return (
    <section className="card wide" aria-labelledby="charges-title">
      <h2 id="charges-title">Charges</h2>
      <p className="muted">This customer’s payments, newest first. Statuses update live.</p>
      {charges && charges.data.length === 0 ? <p className="muted">No charges yet.</p> : null}
      {charges && charges.data.length > 0 ? (
        <Table
          caption="Charges to this customer"
          columns={[
            'Created',
            'Order',
            'Card',
            'Capture',
            num('Amount'),
            num('Paid'),
            'Status',
            'Action',
          ]}
          testId="charges"
        >
          {charges.data.map((p) => {
            const card = p.transactions.find((t) => t.cardPaymentDetails)?.cardPaymentDetails;
            return (
              <tr key={p.paymentRequestId} data-testid="charge" data-order={p.orderId}>
                <td className="time" title={formatDateTime(p.createdAt)}>
                  {formatWhen(p.createdAt)}
                </td>
                <td>
                  {p.orderId}
                  {p.notes ? <div className="muted">{p.notes}</div> : null}
                </td>
                <td className="nowrap">
                  {card ? `${card.brand ?? 'Card'} ending ${card.maskedCardNumber.slice(-4)}` : '—'}
                </td>
                <td className="nowrap">{captureTypeOf(p) ?? '—'}</td>
                <td className="num">{formatPounds(p.amount, p.currency)}</td>
                <td className="num">{formatPounds(p.paidAmount, p.currency)}</td>
                <td>
                  <StatusBadge status={p.status} detail={p.errorDescription} />
                  {p.errorDescription ? <div className="muted">{p.errorDescription}</div> : null}
                </td>
                <td className="row-actions">
                  {canSettle(p) ? (
                    <ButtonRow>
                      <button
                        type="button"
                        className="small"
                        aria-label={`Capture ${p.orderId}`}
                        onClick={() => setDialog({ kind: 'capture', payment: p })}
                      >
                        Capture
                      </button>
                      <button
                        type="button"
                        className="danger-outline small"
                        aria-label={`Cancel ${p.orderId}`}
                        onClick={() => setDialog({ kind: 'cancel', payment: p })}
                      >
                        Cancel
                      </button>
                    </ButtonRow>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </Table>
      ) : null}
      {charges && charges.totalCount > 0 ? (
        <Pager
          label="Charge pages"
          page={charges}
          rangeTestId="charges-range"
          onNewer={() => customers.getState().showCharges(Math.max(0, pageNumber - 1))}
          onOlder={() => customers.getState().showCharges(pageNumber + 1)}
        />
      ) : null}
      {dialog?.kind === 'capture' ? (
        <CaptureDialog payment={dialog.payment} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelDialog payment={dialog.payment} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
