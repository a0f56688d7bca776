/**
 * Sign in with a merchant access secret. The field has no name and the page's CSP has
 * form-action 'none', so the secret can never end up in a URL.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { SessionStore } from '../store/session';
import { ButtonRow, TextInput } from './form';

export function SignIn({ session }: { session: SessionStore }) {
  const phase = useStore(session, (s) => s.phase);
  const error = useStore(session, (s) => s.error);
  const [secret, setSecret] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const checking = phase === 'checking';
  useEffect(() => {
    if (!checking) input.current?.focus();
  }, [checking, error]);
  return (
    <section className="card narrow" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in</h1>
      <p className="muted">
        Paste a merchant access secret: <code>sk_sandbox_…</code> for the sandbox or{' '}
        <code>sk_live_…</code> for production. It stays in this browser tab only and is forgotten
        when you close the tab or sign out.
      </p>
      <form
        noValidate
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          const candidate = secret;
          setSecret('');
          void session.getState().signIn(candidate);
        }}
      >
        <TextInput
          id="secret"
          ref={input}
          label="Access secret"
          error={error}
          alertError
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="sk_sandbox_… or sk_live_…"
          value={secret}
          onValue={setSecret}
        />
        <ButtonRow>
          <button type="submit" disabled={checking}>
            {checking ? 'Checking…' : 'Sign in'}
          </button>
        </ButtonRow>
      </form>
    </section>
  );
}
