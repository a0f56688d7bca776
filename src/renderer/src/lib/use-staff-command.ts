import { useState } from 'react';
import type { BridgeCommand } from '../../../shared/bridge';
import { useBridge } from '../store/context';
import type { FormError } from './form-errors';
import { runCommand } from './run-command';

/**
 * A staff form's one command (the PIN prompts, pairing, a refund, a hold's capture or release):
 * sent with `runCommand`, busy while the core answers, its refusal worded for the form's
 * `labels`, and `onDone` once the core has said yes; `send` answers whether it did.
 * `setError` lets the form show a mistake it found itself.
 */
export function useStaffCommand(labels: Record<string, string>, onDone?: () => void) {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);

  async function send(command: BridgeCommand): Promise<boolean> {
    setBusy(true);
    setError(null);
    const outcome = await runCommand(bridge, command, labels);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return false;
    }
    onDone?.();
    return true;
  }

  return { busy, error, setError, send };
}
