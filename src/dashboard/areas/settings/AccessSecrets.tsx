/**
 * Settings, access secrets. Lists those in use (never a secret itself: the last
 * four characters, when made and last used), makes a new one and shows it once, and revokes one,
 * the way a secret is rotated without downtime: make the new one, move the integration to it,
 * revoke the old.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { formatWhen } from '../../../shared/format';
import type { AccessSecret } from '../../../shared/contract/secrets';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, Select } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDashboard } from '../../context';
import { createSecretsStore, type Environment, type SecretsStore } from '../../store/secrets';

/** The access secrets part of Settings, with its own store. */
export function AccessSecrets() {
  const { call } = useDashboard();
  const store = useMemo(() => createSecretsStore(call), [call]);
  useEffect(() => void store.getState().refresh(), [store]);
  return <AccessSecretsView store={store} />;
}

const ENVIRONMENT_LABEL: Record<Environment, string> = {
  sandbox: 'Sandbox',
  production: 'Production',
};

/** The access secrets section for a store (rendered on its own by the component tests). */
export function AccessSecretsView({ store }: { store: SecretsStore }) {
  const { sandbox } = useDashboard();
  const secrets = useStore(store, (s) => s.secrets);
  const error = useStore(store, (s) => s.error);
  const formError = useStore(store, (s) => s.formError);
  const creating = useStore(store, (s) => s.creating);
  const created = useStore(store, (s) => s.created);
  const [environment, setEnvironment] = useState<Environment>('sandbox');
  return (
    <section className="card" aria-labelledby="secrets-title">
      <h1 id="secrets-title">Access secrets</h1>
      <p className="muted">
        Your integration and this dashboard sign in with an access secret. To rotate one without
        downtime: make a new secret, move your integration to it, then revoke the old one. A revoked
        secret is refused from its next request.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.getState().create(environment);
        }}
      >
        <h2>Make a new secret</h2>
        {sandbox ? (
          <p className="muted">Signed in with a sandbox secret, you can make sandbox secrets.</p>
        ) : (
          <Select
            id="secret-environment"
            label="Environment"
            value={environment}
            onValue={(value) => setEnvironment(value as Environment)}
          >
            <option value="sandbox">Sandbox</option>
            <option value="production">Production</option>
          </Select>
        )}
        <Notice kind="error">{formError}</Notice>
        <ButtonRow>
          <button type="submit" disabled={creating}>
            Make secret
          </button>
        </ButtonRow>
      </form>
      {created ? <SecretOnce key={created.secret} store={store} {...created} /> : null}
      <Notice kind="error">{error}</Notice>
      <Table
        caption="Access secrets in use"
        columns={['Secret', 'Environment', 'Kind', 'Made', 'Last used', 'Action']}
        testId="access-secrets"
      >
        {(secrets ?? []).map((s) => (
          <SecretRow key={s.id} secret={s} store={store} />
        ))}
      </Table>
    </section>
  );
}

function SecretOnce({
  store,
  secret,
  environment,
}: {
  store: SecretsStore;
  secret: string;
  environment: Environment;
}) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="secret-once" role="region" aria-labelledby="new-secret-title">
      <h2 id="new-secret-title">Copy this {environment} secret now</h2>
      <p>It is shown only this once: the service keeps only its hash.</p>
      <code data-testid="new-access-secret">{secret}</code>
      <ButtonRow>
        <button
          type="button"
          className="secondary"
          ref={done}
          onClick={() => store.getState().dismiss()}
        >
          I have saved it
        </button>
      </ButtonRow>
    </div>
  );
}

function SecretRow({ secret: s, store }: { secret: AccessSecret; store: SecretsStore }) {
  const error = useStore(store, (st) => st.itemErrors[s.id] ?? '');
  const [confirming, setConfirming] = useState(false);
  const name = `…${s.lastFour ?? '????'}`;
  return (
    <tr data-secret-id={s.id} data-testid="access-secret">
      <td>
        <code>{name}</code>
        {s.current ? <span className="muted"> (this session)</span> : null}
      </td>
      <td>{ENVIRONMENT_LABEL[s.environment]}</td>
      <td>{s.kind === 'terminal' ? 'Terminal' : 'Merchant'}</td>
      <td>{formatWhen(s.createdAt)}</td>
      <td>{s.lastUsedAt ? formatWhen(s.lastUsedAt) : 'Never'}</td>
      <td>
        {s.kind === 'terminal' ? (
          <span className="muted">Unpair the terminal to revoke</span>
        ) : s.current ? (
          <span className="muted">Sign in with another secret to revoke</span>
        ) : confirming ? (
          <ConfirmBox
            message={`Revoke the ${s.environment} secret ${name}? Anything still using it is refused from its next request.`}
            yes="Yes, revoke it"
            no="Keep it"
            onYes={() => store.getState().revoke(s.id)}
            onNo={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            className="danger-outline small"
            aria-label={`Revoke secret ${name}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        )}
        <Notice kind="error">{error}</Notice>
      </td>
    </tr>
  );
}
