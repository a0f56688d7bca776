/**
 * Settings, Agent Pay approvers: who approves the SEND contracts your agents ask for, in the
 * environment signed in with (docs/agent-pay.md, "Who approves"). The person approving picks
 * themselves on the contract's authorization page and types the one-time code sent to them; an
 * agent never chooses. Removing an approver is immediate. Adding someone who cannot approve now
 * needs one of the approvers in effect to confirm it with a code sent to them, since an agent
 * holds the same secret as this page: the page then asks whom to send it to, and for the code.
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { AgentApprovers as ApproversRecord } from '../../../shared/contract/agent';
import { ButtonRow, Select, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { failureMessage, fieldErrors, isStale, type Call } from '../../lib/api';

type Approvers = z.infer<typeof ApproversRecord>;
type Approver = Approvers['approvers'][number];
type Entry = { email: string } | { phone: string };

const shown = (a: Approver) => a.email ?? a.phone ?? '';
/** What the person typed, as the API takes it: an @ makes it an e-mail address. */
const entryOf = (text: string): Entry =>
  text.includes('@') ? { email: text.trim() } : { phone: text.replace(/[\s().-]/g, '') };
const entries = (list: Approver[]): Entry[] =>
  list.map((a) => (a.email !== undefined ? { email: a.email } : { phone: a.phone ?? '' }));

/** A change that waits for an approver's code: the list, who gets the code, the code. */
interface Pending {
  list: Entry[];
  confirmer: string;
  sentTo?: string;
  code: string;
}

export function AgentApprovers() {
  const { call, sandbox } = useDashboard();
  return <AgentApproversView call={call} sandbox={sandbox} />;
}

/** The approvers named, each with its Remove button, or who approves while none is named. */
function ApproverList({
  approvers,
  busy,
  onRemove,
}: {
  approvers: Approvers;
  busy: boolean;
  onRemove: (approver: Approver) => void;
}) {
  const list = approvers.approvers;
  return list.length > 0 ? (
    <ul className="approvers" data-testid="approver-list">
      {list.map((a) => (
        <li key={shown(a)}>
          {shown(a)}{' '}
          <button
            type="button"
            className="secondary small"
            disabled={busy}
            aria-label={`Remove ${shown(a)}`}
            onClick={() => onRemove(a)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  ) : approvers.operatorDefault ? (
    <p data-testid="approvers-default">
      You have named no approvers, so the service operator’s default approvers approve your agents’
      contracts ({approvers.confirmers.map((c) => c.to).join(', ')}).
    </p>
  ) : (
    <p data-testid="approvers-none">
      No one approves your agents’ payments yet: until you add an approver, contracts they ask for
      wait, and their pages say so.
    </p>
  );
}

export function AgentApproversView({ call, sandbox }: { call: Call; sandbox: boolean }) {
  const [approvers, setApprovers] = useState<Approvers | null>(null);
  const [adding, setAdding] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('getAgentApprovers').then(setApprovers, (e: unknown) => {
      if (!isStale(e)) setError(failureMessage(e));
    });
  }, [call]);

  /** Runs one call; a refusal shows next to its field, or above the section. */
  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError('');
    setSaved('');
    setErrors({});
    try {
      await work();
    } catch (e) {
      if (isStale(e)) return;
      setErrors(fieldErrors(e));
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  }

  /** Saves the new list; one that adds someone goes to the confirming step instead. */
  const save = (list: Entry[], done: string, code?: string) =>
    attempt(async () => {
      try {
        setApprovers(
          await call('updateAgentApprovers', {
            body: { approvers: list, ...(code ? { code } : {}) },
          }),
        );
        setPending(null);
        setAdding('');
        setSaved(done);
      } catch (e) {
        const asked = fieldErrors(e).code;
        if (!code && asked && approvers && approvers.confirmers.length > 0) {
          setPending({ list, confirmer: approvers.confirmers[0]!.id, code: '' });
          return;
        }
        throw e;
      }
    });

  if (!approvers)
    return (
      <section className="card" aria-labelledby="approvers-title">
        <h1 id="approvers-title">Agent Pay approvers</h1>
        <Notice kind="error">{error}</Notice>
      </section>
    );

  const where = sandbox ? 'in the sandbox' : 'in production';
  const list = approvers.approvers;
  return (
    <section className="card" aria-labelledby="approvers-title" data-testid="agent-approvers">
      <h1 id="approvers-title">Agent Pay approvers</h1>
      <p className="muted">
        The people who approve the payments your agents ask to send {where}. On a contract's
        authorization page one of them picks themselves and types the one-time code we send them; an
        agent never chooses who. A customer approves charges to their own card.
      </p>
      <Notice kind="ok" testId="approvers-saved">
        {saved}
      </Notice>
      <Notice kind="error">{error}</Notice>
      <ApproverList
        approvers={approvers}
        busy={busy}
        onRemove={(a) =>
          void save(
            entries(list.filter((o) => shown(o) !== shown(a))),
            `${shown(a)} no longer approves.`,
          )
        }
      />
      {pending ? (
        <ConfirmStep
          pending={pending}
          approvers={approvers}
          busy={busy}
          errors={errors}
          onChange={setPending}
          onSend={() =>
            void attempt(async () => {
              const sent = await call('sendApproversCode', {
                body: { approvers: pending.list, confirmer: pending.confirmer },
              });
              setPending({ ...pending, sentTo: sent.sentTo });
            })
          }
          onConfirm={() => void save(pending.list, 'Approvers saved.', pending.code)}
          onCancel={() => setPending(null)}
        />
      ) : (
        <form
          noValidate
          aria-label="Add an approver"
          onSubmit={(event) => {
            event.preventDefault();
            if (!adding.trim()) return;
            void save(
              [...entries(list), entryOf(adding)],
              `${adding.trim()} approves from now on.`,
            );
          }}
        >
          <TextInput
            id="approver-new"
            label="New approver"
            hint="An e-mail address, or a phone number with its country code (+447700900123)"
            autoComplete="off"
            value={adding}
            onValue={setAdding}
            error={Object.entries(errors).find(([field]) => field.startsWith('approvers'))?.[1]}
          />
          <ButtonRow>
            <button type="submit" disabled={busy}>
              Add approver
            </button>
          </ButtonRow>
        </form>
      )}
    </section>
  );
}

/** The confirming step of a change that adds someone: whom to ask, then their code. */
function ConfirmStep(props: {
  pending: Pending;
  approvers: Approvers;
  busy: boolean;
  errors: Record<string, string>;
  onChange: (next: Pending) => void;
  onSend: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { pending, approvers, busy, errors } = props;
  return (
    <form
      noValidate
      aria-label="Confirm the new approvers"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending.sentTo) props.onConfirm();
        else props.onSend();
      }}
    >
      <p role="status">
        Adding someone needs one of the people who approve now to confirm it: we send them a code
        and a list of the new approvers.
      </p>
      <Select
        id="approver-confirmer"
        label="Send the code to"
        value={pending.confirmer}
        onValue={(confirmer) => props.onChange({ ...pending, confirmer, code: '' })}
        error={errors.confirmer}
      >
        {approvers.confirmers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.to}
          </option>
        ))}
      </Select>
      {pending.sentTo ? (
        <TextInput
          id="approver-code"
          label={`The code we sent to ${pending.sentTo}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={pending.code}
          onValue={(code) => props.onChange({ ...pending, code })}
          error={errors.code}
        />
      ) : null}
      <ButtonRow>
        {pending.sentTo ? (
          <>
            <button type="submit" disabled={busy}>
              Confirm
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={props.onSend}>
              Send a new code
            </button>
          </>
        ) : (
          <button type="submit" disabled={busy}>
            Send the code
          </button>
        )}
        <button type="button" className="secondary" disabled={busy} onClick={props.onCancel}>
          Cancel
        </button>
      </ButtonRow>
    </form>
  );
}
