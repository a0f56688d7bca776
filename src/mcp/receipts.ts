/**
 * The receipt of a send or collect, as a tool shows it: verified with the service's published
 * receipt keys (the Agent Pay client's receiptKeys and verifyReceipt), then said as its claims.
 * The JWS itself never reaches the model: a model repeats what it is given into logs and
 * conversations, and a signature there is noise at best. The keys are read once per MCP server
 * and read again only when a receipt names a key they do not hold (the service added one).
 */
import { fromBase64url } from '../shared/agent-signing';
import {
  AgentPayError,
  verifyReceipt,
  type AgentPay,
  type PaymentRecord,
  type Receipt,
  type ReceiptKeys,
} from '../agent/index';
import { formatPence, poundsToPence } from '../shared/money';
import { ToolRefusal } from './results';

const pounds = (amount: number) => formatPence(poundsToPence(amount));

/** The kid a compact JWS's header names, or undefined when it names none readably. */
function kidOf(receipt: string): string | undefined {
  const bytes = fromBase64url(receipt.split('.')[0] ?? '');
  if (!bytes) return undefined;
  try {
    const header: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const kid = (header as { kid?: unknown } | null)?.kid;
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

/** A payment the service answered, its receipt verified: what a tool may show of it. */
export interface VerifiedPayment {
  /** The payment record without its JWS. */
  payment: Omit<PaymentRecord, 'receipt'>;
  kid: string;
  claims: Receipt;
}

/**
 * One per MCP server: `verify` answers the payment with its receipt's verified claims, or throws
 * a ToolRefusal saying the receipt did not verify, that the payment may still have been made,
 * and its id, so the model checks before paying again rather than retrying blindly.
 */
export function receiptVerifier(pay: AgentPay) {
  let keys: Promise<ReceiptKeys> | undefined;
  const readKeys = () => {
    const read = pay.receiptKeys();
    keys = read;
    // A failed read is not kept: the next receipt tries again.
    read.catch(() => {
      if (keys === read) keys = undefined;
    });
    return read;
  };

  const refused = (payment: PaymentRecord, why: string) =>
    new ToolRefusal(
      `RECEIPT_INVALID: the service answered payment ${payment.paymentId} (${payment.status}, ${pounds(payment.amount)}) under contract ${payment.contractId}, but its receipt ${why}. ` +
        `The payment may still have been made: check payment ${payment.paymentId} with contract_payments_list before paying again, and retry only with the same idempotencyKey.`,
    );

  return async function verify(payment: PaymentRecord): Promise<VerifiedPayment> {
    const { receipt, ...record } = payment;
    if (!receipt) throw refused(payment, 'is missing');
    let claims: Receipt;
    try {
      let jwks = await (keys ?? readKeys());
      const kid = kidOf(receipt);
      if (kid !== undefined && !jwks.keys.some((k) => k.kid === kid)) jwks = await readKeys();
      claims = await verifyReceipt(receipt, jwks);
    } catch (error) {
      if (error instanceof AgentPayError && error.code === 'RECEIPT_INVALID')
        throw refused(
          payment,
          `did not verify with the service's published keys (${error.message})`,
        );
      throw refused(
        payment,
        `could not be checked: the receipt keys could not be read (${(error as Error).message})`,
      );
    }
    // Signed by the service, but about another payment (one replayed into this answer).
    if (
      claims.paymentId !== payment.paymentId ||
      claims.contractId !== payment.contractId ||
      claims.amount !== payment.amount
    )
      throw refused(
        payment,
        `is signed but describes another payment (${claims.paymentId}, ${pounds(claims.amount)}, contract ${claims.contractId})`,
      );
    return { payment: record, kid: kidOf(receipt)!, claims };
  };
}

/** The verified claims in a line or two: who was paid what, when, and what is left. */
export function receiptLines({ kid, claims }: VerifiedPayment): string {
  const to =
    'businessId' in claims.payee
      ? `charged for business ${claims.payee.businessId}`
      : `to ${claims.payee.name} (sort code ${claims.payee.sortCode}, account ${claims.payee.accountNumber})`;
  const what = claims.reference
    ? `, reference "${claims.reference}"`
    : claims.orderId
      ? `, order ${claims.orderId}`
      : '';
  const left = claims.usageLeft.map(
    (u) => `${u.period} ${pounds(u.remaining)} until ${u.periodEnd}`,
  );
  return [
    `receipt verified (key ${kid}): contract ${claims.contractId}, payment ${claims.paymentId}, ${claims.type} ${pounds(claims.amount)} ${to}${what}, ${claims.status} at ${claims.time} (${claims.environment})`,
    `left after it: ${left.length ? left.join('; ') : 'no period caps'}`,
  ].join('\n');
}
