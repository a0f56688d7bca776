/**
 * The customer area's dialogs are all one form: fields, the store's answer shown by them and at
 * the foot (`Problems`), a submit and a way out. This is that form: it sends `submit` once, busy
 * meanwhile, shows what came back, and closes when `done` says the answer finished the work.
 * With `confirm`, the first submit asks the question instead (after `check`, when given, finds
 * nothing wrong) and the second sends.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import { ButtonRow } from '../../components/form';
import { Notice } from '../../components/Notice';
import { NO_PROBLEMS, type Problems } from '../../lib/customers';

export function DialogForm<A extends Problems>({
  title,
  testId,
  onClose,
  intro,
  autoComplete,
  submit,
  done,
  submitLabel,
  closeLabel = 'Cancel',
  confirm,
  footer,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  /** Words above the form. */
  intro?: ReactNode;
  autoComplete?: 'off';
  submit: () => Promise<A>;
  /** Whether the answer finished the dialog's work (it then closes). */
  done: (answer: A) => boolean;
  submitLabel: string;
  closeLabel?: string;
  confirm?: {
    check?: () => Problems;
    question: ReactNode;
    yes: string;
    back: string;
    danger?: boolean;
  };
  /** Shown under the form's message: what the last answer gave, e.g. a link. */
  footer?: ReactNode;
  children: (form: { problems: Problems; confirming: boolean }) => ReactNode;
}) {
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const asking = confirm && confirming ? confirm : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirm && !confirming) {
      const check = confirm.check?.() ?? NO_PROBLEMS;
      setProblems(check);
      if (!Object.keys(check.fields).length && !check.message) setConfirming(true);
      return;
    }
    setBusy(true);
    const answer = await submit();
    setBusy(false);
    setProblems(answer);
    setConfirming(false);
    if (done(answer)) onClose();
  }

  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      {intro}
      <form noValidate autoComplete={autoComplete} onSubmit={(event) => void onSubmit(event)}>
        {children({ problems, confirming })}
        <Notice kind="error">{problems.message}</Notice>
        {asking ? (
          <p className="confirm" role="status">
            {asking.question}
          </p>
        ) : null}
        {footer}
        <ButtonRow>
          <button type="submit" className={asking?.danger ? 'danger' : undefined} disabled={busy}>
            {asking ? asking.yes : submitLabel}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => (asking ? setConfirming(false) : onClose())}
          >
            {asking ? asking.back : closeLabel}
          </button>
        </ButtonRow>
      </form>
    </Dialog>
  );
}
