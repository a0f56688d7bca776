import { useState } from 'react';
import type { BridgeCommand, ReplyOf } from '../../../shared/bridge';
import { useBridge } from './context';
import type { FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';

/**
 * A window's command sent from a form or a button (the PIN prompts, pairing, a refund, a hold's
 * capture or release, kiosk mode, a held payment): sent with `runCommand`, busy while the core
 * answers, its refusal worded for the form's `labels`, and `onDone` once the core has said yes.
 * `send` answers the command's typed reply, or null when it was refused. `setError` lets the
 * form show a mistake it found itself.
 */
export function useCommand(labels: Record<string, string> = {}, onDone?: () => void) {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);

  async function send<C extends BridgeCommand>(command: C): Promise<ReplyOf<C['type']> | null> {
    setBusy(true);
    setError(null);
    const outcome = await runCommand(bridge, command, labels);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return null;
    }
    onDone?.();
    return outcome.result;
  }

  return { busy, error, setError, send };
}
