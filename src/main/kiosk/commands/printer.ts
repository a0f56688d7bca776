/**
 * The receipt printer (docs/kiosk.md): naming it and printing a test page in Settings, behind
 * the staff PIN; retrying or dismissing a receipt it could not print, at the counter.
 */
import type { AreaHandlers } from '../dispatcher';
import { KioskError } from '../kiosk-error';
import type { KioskContext } from './context';

export function printerCommands(ctx: KioskContext): AreaHandlers<'printer'> {
  const printer = ctx.receiptPrinter;
  return {
    saveReceiptPrinter: ({ printer: settings }) => ({ receiptPrinter: printer.save(settings) }),
    async printTestPage({ printer: settings }) {
      await printer.testPage(settings);
      return { printed: true };
    },
    async retryPrintJob({ id }) {
      await printer.retry(id);
      return { printed: true };
    },
    dismissPrintJob({ id }) {
      if (!printer.dismiss(id))
        throw new KioskError('That receipt is no longer waiting: it printed or was dismissed');
      return { dismissed: true };
    },
  };
}
