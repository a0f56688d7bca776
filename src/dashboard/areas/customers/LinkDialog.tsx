/** Make a single-use link to the hosted card page, and send it to the customer or only show it. */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { ButtonRow, Field, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { NO_PROBLEMS, type Problems } from '../../lib/customers';

export function LinkDialog({ onClose }: { onClose: () => void }) {
  const { customers } = useDashboard();
  const [send, setSend] = useState(true);
  const [success, setSuccess] = useState('');
  const [failure, setFailure] = useState('');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [url, setUrl] = useState('');
  return (
    <Dialog title="Send a card-saving link" onClose={onClose} testId="link-dialog">
      <p className="muted">
        The customer opens the link, enters a card and passes 3D Secure. No money moves. The link
        works once, for 24 hours. It goes by email, or by SMS when the customer has no email.
      </p>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setUrl('');
          const answer = await customers.getState().sendLink({
            send,
            successRedirectUrl: success,
            failureRedirectUrl: failure,
          });
          setProblems(answer);
          if (answer.url) setUrl(answer.url);
        }}
      >
        <Field
          id="link-send"
          label="Send it to the customer"
          error={problems.fields.sendLinkToCustomer}
        >
          {(props) => (
            <input
              {...props}
              type="checkbox"
              checked={send}
              onChange={(e) => setSend(e.target.checked)}
            />
          )}
        </Field>
        <TextInput
          id="link-success"
          label="After saving, go to (optional)"
          error={problems.fields.successRedirectUrl}
          type="url"
          value={success}
          onValue={setSuccess}
        />
        <TextInput
          id="link-failure"
          label="After a failure, go to (optional)"
          error={problems.fields.failureRedirectUrl}
          type="url"
          value={failure}
          onValue={setFailure}
        />
        <Notice kind="error">{problems.message}</Notice>
        {url ? (
          <p className="ok" role="status">
            {send ? 'Sent. ' : ''}The link: <code data-testid="hosted-page-url">{url}</code>
          </p>
        ) : null}
        <ButtonRow>
          <button type="submit">{send ? 'Send link' : 'Make link'}</button>
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
        </ButtonRow>
      </form>
    </Dialog>
  );
}
