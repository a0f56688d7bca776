/**
 * A Z report's hash: SHA-256 over its canonical JSON (keys sorted, no spaces), which includes the
 * previous report's hash, so each report vouches for the one before. The service computes the
 * same over the copy it receives (src/shared/contract/shifts.ts `zReportHashInput`).
 */
import { createHash } from 'node:crypto';
import { zReportHashInput, type ZReport } from '../../../shared/contract/shifts';

export function hashZReport(report: Omit<ZReport, 'hash'> & { hash?: string }): string {
  return createHash('sha256').update(zReportHashInput(report), 'utf8').digest('hex');
}

/** The hash of a stored report's content as it reads now (not the hash written beside it). */
export function zHashOfStored(text: string): string {
  return hashZReport(JSON.parse(text) as ZReport);
}
