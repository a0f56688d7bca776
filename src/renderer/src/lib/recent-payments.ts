/**
 * The kiosk's own latest payments, read from its history over the bridge: what the console
 * compares a new amount or charge against (an unusually large amount, the same card charged the
 * same amount moments ago). Read at the moment of asking, so it holds across tabs and restarts.
 */
import { parseReply, type KioskPayment } from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';

export async function recentPayments(
  bridge: RendererBridge,
  query: { limit: number; amountPence?: number; from?: string },
): Promise<KioskPayment[]> {
  const reply = parseReply('listHistory', await bridge.invoke({ type: 'listHistory', query }));
  return reply.ok ? reply.result.payments : [];
}
