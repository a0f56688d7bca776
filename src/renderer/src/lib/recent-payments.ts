/**
 * The kiosk's own latest payments, read from its history over the bridge: what the console
 * compares a new amount or charge against (an unusually large amount, the same card charged the
 * same amount moments ago). Read at the moment of asking, so it holds across tabs and restarts.
 */
import { z } from 'zod';
import { KioskPayment } from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';

const Page = z.object({ payments: z.array(KioskPayment) });

export async function recentPayments(
  bridge: RendererBridge,
  query: { limit: number; amountPence?: number; from?: string },
): Promise<KioskPayment[]> {
  const reply = await bridge.invoke({ type: 'listHistory', query });
  if (!reply.ok) return [];
  const page = Page.safeParse(reply.result);
  return page.success ? page.data.payments : [];
}
