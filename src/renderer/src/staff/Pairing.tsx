import { useState, type FormEvent } from 'react';
import type { FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { describedBy, FieldError } from './FieldError';

const DEFAULT_SERVICE = 'http://127.0.0.1:4010';
const LABELS = {
  baseUrl: 'The service address',
  code: 'The pairing code',
  name: 'The terminal name',
  secret: 'The access secret',
};

export function Pairing({ pin }: { pin: string }) {
  const bridge = useBridge();
  const [mode, setMode] = useState<'code' | 'secret'>('code');
  const [baseUrl, setBaseUrl] = useState(DEFAULT_SERVICE);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await runCommand(
      bridge,
      mode === 'code'
        ? { type: 'pairWithCode', pin, baseUrl: baseUrl.trim(), code, name }
        : { type: 'configureManually', pin, baseUrl: baseUrl.trim(), secret },
      LABELS,
    );
    setBusy(false);
    // Success shows itself: the next state event says the kiosk is paired.
    if (!outcome.ok) setError(outcome.error);
    else setSecret('');
  }

  function switchMode() {
    setMode(mode === 'code' ? 'secret' : 'code');
    setError(null);
  }

  return (
    <section className="card pairing" aria-labelledby="pairing-title">
      <h2 className="pairing__title" id="pairing-title">
        Pair this kiosk
      </h2>
      <p className="muted">
        {mode === 'code'
          ? 'On the merchant dashboard, open Terminals and create a pairing code, then enter it here. Codes last a few minutes.'
          : 'Paste an access secret from the merchant dashboard. Pairing with a code is safer: the kiosk then holds a secret that can only take payments.'}
      </p>
      <form className="pairing__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="pair-url">
            Payments service address
          </label>
          <input
            id="pair-url"
            className="input"
            data-testid="pair-url"
            type="url"
            value={baseUrl}
            autoComplete="url"
            spellCheck={false}
            onChange={(event) => setBaseUrl(event.target.value)}
            aria-invalid={error?.field === 'baseUrl' || undefined}
            aria-describedby={describedBy(error, 'baseUrl', 'pair-url-error')}
          />
          <FieldError error={error} field="baseUrl" id="pair-url-error" />
        </div>
        {mode === 'code' ? (
          <>
            <div className="field">
              <label className="field__label" htmlFor="pair-code">
                Pairing code
              </label>
              <input
                id="pair-code"
                className="input input--code"
                data-testid="pair-code"
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="000000"
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                aria-invalid={error?.field === 'code' || undefined}
                aria-describedby={describedBy(error, 'code', 'pair-code-error')}
              />
              <FieldError error={error} field="code" id="pair-code-error" />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="pair-name">
                Name for this kiosk
              </label>
              <input
                id="pair-name"
                className="input"
                data-testid="pair-name"
                value={name}
                maxLength={50}
                placeholder="e.g. Front counter"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={error?.field === 'name' || undefined}
                aria-describedby={describedBy(error, 'name', 'pair-name-error')}
              />
              <FieldError error={error} field="name" id="pair-name-error" />
            </div>
          </>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor="pair-secret">
              Access secret
            </label>
            <input
              id="pair-secret"
              className="input mono"
              data-testid="pair-secret"
              type="password"
              value={secret}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setSecret(event.target.value)}
              aria-invalid={error?.field === 'secret' || undefined}
              aria-describedby={describedBy(error, 'secret', 'pair-secret-error')}
            />
            <FieldError error={error} field="secret" id="pair-secret-error" />
          </div>
        )}
        <FieldError error={error} field={null} />
        <div className="pairing__actions">
          <button
            type="submit"
            className="button button--primary button--large"
            data-testid="pair-submit"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Pairing…' : mode === 'code' ? 'Pair kiosk' : 'Connect with secret'}
          </button>
          <button
            type="button"
            className="button button--link"
            data-testid="pair-mode"
            onClick={switchMode}
          >
            {mode === 'code' ? 'Enter an access secret instead' : 'Use a pairing code instead'}
          </button>
        </div>
      </form>
    </section>
  );
}
