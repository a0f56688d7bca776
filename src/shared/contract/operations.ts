/** What operators and load balancers ask of a running service: liveness, readiness, metrics. */
import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok') });
export const Readiness = z.object({ status: z.literal('ready') });
