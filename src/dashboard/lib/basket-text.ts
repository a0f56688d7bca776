/**
 * The push form's optional basket, typed one line per item as a shop writes it:
 * "2 x Flat white @ 3.20" (or "Croissant @ 2.75" for one). Checked in the page with the
 * contract's own `DisplayLineItem`, so the form and the service refuse the same things.
 */
import { basketTotalPence } from '../../shared/basket';
import { DisplayLineItem, displayLinesInPence } from '../../shared/contract/line-items';
import { decimalTextToPence, penceToPounds } from '../../shared/money';

const LINE = /^(?:(\d+)\s*[x×*]\s*)?(.+?)\s*@\s*£?\s*([\d,]+(?:\.\d+)?)$/i;

export type BasketCheck =
  { ok: true; lineItems: DisplayLineItem[]; totalPence: number } | { ok: false; error: string };

export function checkBasketText(text: string): BasketCheck {
  const rows = text
    .split('\n')
    .map((row) => row.trim())
    .filter(Boolean);
  const lineItems: DisplayLineItem[] = [];
  for (const [index, row] of rows.entries()) {
    const where = `Basket line ${index + 1} (“${row}”)`;
    const match = LINE.exec(row);
    const pence = match ? decimalTextToPence(match[3]!.replace(/,/g, '')) : null;
    if (!match || pence === null)
      return { ok: false, error: `${where}: write it as “2 x Flat white @ 3.20”.` };
    const parsed = DisplayLineItem.safeParse({
      description: match[2],
      quantity: match[1] ? Number(match[1]) : 1,
      unitAmount: penceToPounds(pence),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { ok: false, error: `${where}: the ${String(issue.path[0])} ${issue.message}.` };
    }
    lineItems.push(parsed.data);
  }
  return { ok: true, lineItems, totalPence: basketTotalPence(displayLinesInPence(lineItems)) };
}
