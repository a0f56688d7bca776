/** The shift module's shapes, as the kiosk core and its commands use them. */
import type { z } from 'zod';
import type {
  DenominationCount as DenominationCountSchema,
  ShiftFigures,
  ZReport,
} from '../../../shared/contract/shifts';

export type DenominationCount = z.infer<typeof DenominationCountSchema>;
export type { ShiftFigures, ZReport };

export interface OpenShift {
  id: string;
  openedAt: number;
  openedBy: string;
  floatPence: number;
}
