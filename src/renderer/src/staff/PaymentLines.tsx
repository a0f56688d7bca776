import type { BasketLine } from '../../../shared/bridge';
import { basketMismatch, lineTotalPence } from '../../../shared/basket';
import { formatPence } from '../../../shared/money';

/**
 * A payment's basket as History and the paper receipt show it: quantity, description, price of
 * one and the line's total; and, when the lines do not add up to the payment, that they do not.
 */
export function PaymentLines({
  lines,
  amountPence,
  currency,
  testId,
}: {
  lines: readonly BasketLine[];
  amountPence: number;
  currency: string;
  testId: string;
}) {
  if (lines.length === 0) return null;
  const money = (pence: number) => formatPence(pence, currency);
  const mismatch = basketMismatch(lines, amountPence, currency);
  return (
    <>
      <table className="payment-lines" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Each</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td>{line.description}</td>
              <td>{line.quantity}</td>
              <td>{money(line.unitPence)}</td>
              <td>{money(lineTotalPence(line))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {mismatch && <p className="payment-lines__mismatch">{mismatch}.</p>}
    </>
  );
}
