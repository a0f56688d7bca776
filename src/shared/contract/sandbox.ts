/** Sandbox controls (docs/sandbox.md): sandbox secrets only. */
import { z } from 'zod';
import { CaptureType, RequestMethod, Pounds, Timestamp } from './common';

export const ClockAdvanceBody = z.object({
  ms: z
    .number()
    .int('must be a whole number of milliseconds')
    .positive('must be greater than 0')
    .max(366 * 24 * 3600 * 1000, 'must be at most a year'),
});
export const ClockResponse = z.object({ now: Timestamp });

export const SimulateBody = z
  .object({
    paymentMethod: RequestMethod,
    outcome: z.enum(['COMPLETED', 'FAILED', 'AUTHORIZED']),
    tipAmount: Pounds.refine((n) => n >= 0, 'must not be negative').optional(),
    /**
     * For AUTHORIZED: how the authorization ends (default MANUAL_CAPTURE). It can then be
     * captured or cancelled like a saved-card charge, and is released at its expiry.
     */
    captureType: CaptureType.exclude(['AUTO_CAPTURE']).optional(),
  })
  .refine((b) => b.captureType === undefined || b.outcome === 'AUTHORIZED', {
    message: 'is only for outcome AUTHORIZED',
    path: ['captureType'],
  })
  .refine((b) => b.outcome !== 'AUTHORIZED' || b.paymentMethod === 'CARD', {
    message: 'AUTHORIZED requires paymentMethod CARD',
    path: ['outcome'],
  });
export type SimulateBody = z.infer<typeof SimulateBody>;
