/** Make a single-use link to the hosted card page, and send it to the customer or only show it. */
import { useState } from 'react';
import { Field, TextInput } from '../../components/form';
import { useDashboard } from '../../context';
import { DialogForm } from './DialogForm';

export function LinkDialog({ onClose }: { onClose: () => void }) {
  const { customers } = useDashboard();
  const [send, setSend] = useState(true);
  const [success, setSuccess] = useState('');
  const [failure, setFailure] = useState('');
  const [url, setUrl] = useState('');
  return (
    <DialogForm
      title="Send a card-saving link"
      testId="link-dialog"
      onClose={onClose}
      intro={
        <p className="muted">
          The customer opens the link, enters a card and passes 3D Secure. No money moves. The link
          works once, for 24 hours. It goes by email, or by SMS when the customer has no email.
        </p>
      }
      submit={async () => {
        setUrl('');
        const answer = await customers.getState().sendLink({
          send,
          successRedirectUrl: success,
          failureRedirectUrl: failure,
        });
        if (answer.url) setUrl(answer.url);
        return answer;
      }}
      // The link stays on screen to copy: the dialog closes only when staff close it.
      done={() => false}
      submitLabel={send ? 'Send link' : 'Make link'}
      closeLabel="Close"
      footer={
        url ? (
          <p className="ok" role="status">
            {send ? 'Sent. ' : ''}The link: <code data-testid="hosted-page-url">{url}</code>
          </p>
        ) : null
      }
    >
      {({ problems }) => (
        <>
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
        </>
      )}
    </DialogForm>
  );
}
