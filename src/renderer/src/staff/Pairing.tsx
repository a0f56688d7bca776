import { useState, type FormEvent } from 'react';
import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';
import { TextField } from './TextField';

const DEFAULT_SERVICE = 'http://127.0.0.1:4010';
const LABELS = {
  baseUrl: 'The service address',
  code: 'The pairing code',
  name: 'The terminal name',
  secret: 'The access secret',
};

export function Pairing({ pin }: { pin: string }) {
  const [mode, setMode] = useState<'code' | 'secret'>('code');
  const [baseUrl, setBaseUrl] = useState(DEFAULT_SERVICE);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  // Success shows itself: the next state event says the kiosk is paired.
  const { busy, error, setError, send } = useCommand(LABELS, () => setSecret(''));

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send(
      mode === 'code'
        ? { type: 'pairWithCode', pin, baseUrl: baseUrl.trim(), code, name }
        : { type: 'configureManually', pin, baseUrl: baseUrl.trim(), secret },
    );
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
        <TextField
          id="pair-url"
          label="Payments service address"
          field="baseUrl"
          error={error}
          testId="pair-url"
          type="url"
          value={baseUrl}
          onChange={setBaseUrl}
          autoComplete="url"
          spellCheck={false}
        />
        {mode === 'code' ? (
          <>
            <TextField
              id="pair-code"
              label="Pairing code"
              field="code"
              error={error}
              testId="pair-code"
              className="input input--code"
              value={code}
              onChange={(typed) => setCode(typed.replace(/\D/g, ''))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="000000"
            />
            <TextField
              id="pair-name"
              label="Name for this kiosk"
              field="name"
              error={error}
              testId="pair-name"
              value={name}
              onChange={setName}
              maxLength={50}
              placeholder="e.g. Front counter"
            />
          </>
        ) : (
          <TextField
            id="pair-secret"
            label="Access secret"
            field="secret"
            error={error}
            testId="pair-secret"
            className="input mono"
            type="password"
            value={secret}
            onChange={setSecret}
            autoComplete="off"
            spellCheck={false}
          />
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
