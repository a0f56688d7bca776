/**
 * A kiosk's remote actions (docs/fleet.md): reload its customer display, print a test page,
 * sign out whoever is signed in at its console or lock the console until a manager's PIN;
 * each is sent to that kiosk alone and shows PENDING until the kiosk answers DONE or FAILED with
 * its words. The list is read again every second while an action waits.
 */
import { useCallback, useEffect, useState } from 'react';
import type { TerminalAction } from '../../../shared/contract/kiosk-settings';
import { ButtonRow } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDashboard } from '../../context';
import { failureMessage, isStale } from '../../lib/api';

const NAMES: Record<TerminalAction['action'], string> = {
  RELOAD_DISPLAY: 'Reload the customer display',
  PRINT_TEST_PAGE: 'Print a test page',
  SIGN_OUT_STAFF: 'Sign out staff',
  LOCK_CONSOLE: 'Lock the console',
};

export function RemoteActions({ terminalId }: { terminalId: string }) {
  const { call } = useDashboard();
  const [actions, setActions] = useState<TerminalAction[]>([]);
  const [error, setError] = useState('');
  const refresh = useCallback(
    () =>
      call('listTerminalActions', { params: { id: terminalId } }).then(
        (r) => setActions(r.actions),
        (e: unknown) => !isStale(e) && setError(failureMessage(e)),
      ),
    [call, terminalId],
  );
  useEffect(() => void refresh(), [refresh]);
  const waiting = actions.some((a) => a.status === 'PENDING');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refresh(), 1_000);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  const ask = async (action: TerminalAction['action']) => {
    setError('');
    try {
      await call('requestTerminalAction', { params: { id: terminalId }, body: { action } });
      await refresh();
    } catch (e) {
      if (!isStale(e)) setError(failureMessage(e));
    }
  };
  return (
    <>
      <h2>Remote actions</h2>
      <Notice kind="error">{error}</Notice>
      <ButtonRow>
        {(Object.keys(NAMES) as TerminalAction['action'][]).map((action) => (
          <button key={action} type="button" className="secondary" onClick={() => void ask(action)}>
            {NAMES[action]}
          </button>
        ))}
      </ButtonRow>
      <Table
        caption="Remote actions"
        columns={['Asked', 'Action', 'Status', 'Kiosk says']}
        testId="remote-actions"
      >
        {actions.map((a) => (
          <tr key={a.id}>
            <td>{new Date(a.requestedAt).toLocaleString()}</td>
            <td>{NAMES[a.action]}</td>
            <td>{a.status}</td>
            <td>{a.message}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
