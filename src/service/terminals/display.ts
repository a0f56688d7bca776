/**
 * POST /api/terminal/{id}/display (docs/terminals.md, The basket on the display): the merchant's
 * till system shows its basket on a terminal's customer display. Nothing is kept but the push
 * event itself: the basket rides the terminal's push stream and event feed as a TERMINAL_DISPLAY
 * event, the path a remote payment takes, and the kiosk keeps it with the payment that follows.
 */
import { routes } from '../../shared/contract/routes';
import { basketTotalPence } from '../../shared/basket';
import { displayLinesInPence } from '../../shared/contract/line-items';
import { penceToPounds } from '../../shared/money';
import type { Area } from '../http/context';
import type { TerminalsContext } from './context';
import { ApiError } from '../kernel/errors';
import { mount } from '../http/mount';

export const terminalDisplayRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { terminals, outbox } = ctx;

  mount(app, ctx.auth, routes.pushTerminalDisplay, async ({ params, body, caller }) => {
    // Another merchant's terminal, or one in the other environment, is as good as absent.
    const terminal = await terminals.owned(
      params.id,
      caller.merchantId,
      caller.environment,
      'Terminal not found for this merchant',
    );
    if (terminal.push_registered !== 1)
      throw new ApiError(
        400,
        `Terminal ${terminal.name} is not set up for push notifications (tokenMissing); open Counter on it once`,
      );
    const totalAmount = penceToPounds(basketTotalPence(displayLinesInPence(body.lineItems)));
    await outbox.tx(() =>
      outbox.emit({
        merchantId: caller.merchantId,
        environment: caller.environment,
        type: 'TERMINAL_DISPLAY',
        terminalId: terminal.id,
        data: {
          terminalId: terminal.id,
          lineItems: body.lineItems,
          currency: body.currency,
          totalAmount,
        },
      }),
    );
    return {
      terminalId: terminal.id,
      totalAmount,
      currency: body.currency,
      lineCount: body.lineItems.length,
    };
  });
};
