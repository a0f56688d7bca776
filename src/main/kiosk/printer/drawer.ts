/**
 * The cash drawer, opened through the receipt printer's drawer port: the printer sends the
 * drawer its kick pulse when told to, in its own language (ESC/POS `ESC p`, StarPRNT `ESC BEL`),
 * as @point-of-sale/receipt-printer-encoder's `pulse()` writes it. Nothing is printed or cut.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrinterFormat } from './receipt-layout';

export function encodeDrawerPulse(format: Pick<PrinterFormat, 'language'>): Uint8Array {
  return new ReceiptPrinterEncoder({ language: format.language }).initialize().pulse().encode();
}

/** What staff are told when the drawer did not open; the sale itself is already recorded. */
export const drawerFailure = (printerMessage: string) =>
  `The cash drawer did not open: ${printerMessage} The sale is recorded; open the drawer again once the printer is back.`;
