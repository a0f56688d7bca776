import { useState } from 'react';
import type { PrintJob } from '../../../shared/bridge';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';

/**
 * Receipts the receipt printer could not take (off, out of paper, unplugged): each with why and
 * a retry, kept by the kiosk until it prints or staff dismiss it. Payments go on meanwhile.
 */
export function PrintJobsBanner({ jobs }: { jobs: readonly PrintJob[] }) {
  const bridge = useBridge();
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = jobs.filter((job) => job.error !== null || job.printing);
  if (waiting.length === 0) return null;

  async function act(type: 'retryPrintJob' | 'dismissPrintJob', id: string) {
    setProblem(null);
    const outcome = await runCommand(bridge, { type, id }, {});
    // A failed retry shows its reason on the job itself; anything else shows here.
    if (!outcome.ok && type === 'dismissPrintJob') setProblem(outcome.error.message);
  }

  return (
    <div className="banner banner--offline" role="alert" data-testid="print-jobs">
      <strong>
        {waiting.length === 1
          ? 'A receipt has not printed'
          : `${waiting.length} receipts have not printed`}
      </strong>
      <ul>
        {waiting.map((job) => (
          <li key={job.id} data-testid="print-job" data-order-id={job.orderId}>
            <span>
              {job.orderId}: {job.printing ? 'printing…' : job.error}
            </span>{' '}
            <button
              type="button"
              className="button button--ghost"
              data-testid="print-job-retry"
              disabled={job.printing}
              onClick={() => void act('retryPrintJob', job.id)}
            >
              Retry
            </button>{' '}
            <button
              type="button"
              className="button button--link"
              data-testid="print-job-dismiss"
              disabled={job.printing}
              onClick={() => void act('dismissPrintJob', job.id)}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      {problem && <p className="form-error">{problem}</p>}
    </div>
  );
}
