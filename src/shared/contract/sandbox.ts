/** Sandbox controls (DESIGN.md): sandbox secrets only. */
import { z } from 'zod';
import { PaymentMethod, Pounds, Timestamp } from './common';

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
    paymentMethod: PaymentMethod,
    outcome: z.enum(['COMPLETED', 'FAILED', 'AUTHORIZED']),
    tipAmount: Pounds.refine((n) => n >= 0, 'must not be negative').optional(),
  })
  .refine((b) => b.outcome !== 'AUTHORIZED' || b.paymentMethod === 'CARD', {
    message: 'AUTHORIZED requires paymentMethod CARD',
    path: ['outcome'],
  });
export type SimulateBody = z.infer<typeof SimulateBody>;
