/**
 * A terminal's Z reports as the service keeps them (GET /api/terminals/{id}/shifts): each
 * closed shift's count against what was expected, and the check of their hash chain, naming any
 * report changed after the kiosk made it or missing from the sequence (docs/kiosk.md, "Shifts,
 * X and Z reports").
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { ShiftList } from '../../../shared/contract/shifts';
import { formatPence } from '../../../shared/money';
import { differenceWord, formatDifference } from '../../../shared/shift-text';
import { formatWhen } from '../../../shared/format';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { failureMessage } from '../../lib/api';

type List = z.infer<typeof ShiftList>;

export function ZReports({ terminalId, name }: { terminalId: string; name: string }) {
  const { call } = useDashboard();
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    call('listTerminalShifts', { params: { id: terminalId } })
      .then((answer) => live && setList(answer))
      .catch((e: unknown) => live && setError(failureMessage(e)));
    return () => {
      live = false;
    };
  }, [call, terminalId]);

  if (error) return <Notice kind="error">{error}</Notice>;
  if (!list) return <p className="muted">Loading the Z reports…</p>;
  return (
    <section className="z-reports" aria-label={`Z reports of ${name}`} data-testid="z-reports">
      <ChainResult chain={list.chain} />
      {list.reports.length === 0 ? (
        <p className="muted">No shift has closed on this terminal yet.</p>
      ) : (
        <ul className="z-list">
          {list.reports.map(({ number, report }) => (
            <li key={number} data-testid="z-report-row" data-number={number}>
              <strong>Z report {number}</strong>{' '}
              <span className="muted">
                closed {formatWhen(report.closedAt)} by {report.closedBy}
              </span>
              <div>
                Expected {formatPence(report.expectedCashPence)}, counted{' '}
                {formatPence(report.countedCashPence)}:{' '}
                <strong data-testid="z-report-difference">
                  {formatDifference(report.differencePence)}{' '}
                  {differenceWord(report.differencePence)}
                </strong>
              </div>
              <div className="muted">
                Taken {formatPence(report.takenPence)}, refunds{' '}
                {formatPence(report.refunds.totalPence)}, float {formatPence(report.floatPence)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChainResult({ chain }: { chain: List['chain'] }) {
  if (chain.ok)
    return (
      <p data-testid="z-chain" data-ok="true">
        Chain checked: {chain.reports === 1 ? 'the report is' : `all ${chain.reports} reports are`}{' '}
        whole and in sequence.
      </p>
    );
  return (
    <div className="warn" data-testid="z-chain" data-ok="false">
      <strong>The Z reports do not check out:</strong>
      <ul>
        {chain.problems.map((p) => (
          <li key={`${p.number}-${p.problem}`} data-testid="z-chain-problem" data-number={p.number}>
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
