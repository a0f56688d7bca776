/** The back office's end-of-day report (behind the staff PIN), and the same as CSV. */
import type { AreaHandlers } from '../dispatcher';
import { endOfDayCsv, endOfDayReport } from '../end-of-day';
import { localDate } from '../../../shared/shop-day';
import { explain } from '../kiosk-error';
import type { KioskContext } from './context';

export function endOfDayCommands(ctx: KioskContext): AreaHandlers<'endOfDay'> {
  return {
    async endOfDayReport({ date }) {
      const report = await endOfDayReport({
        reports: ctx.dayReports,
        client: ctx.client(),
        kind: ctx.credentials()?.kind ?? 'terminal',
        date: date ?? localDate(ctx.now(), ctx.timeZone),
        timeZone: ctx.timeZone,
        now: ctx.now(),
      }).catch((error: unknown) => {
        throw explain(error);
      });
      return { report, csv: endOfDayCsv(report) };
    },
  };
}
