/** New customer: their fields and metadata; creating one opens their page. */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { ButtonRow } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard, useRouter } from '../../context';
import {
  emptyForm,
  NO_PROBLEMS,
  type CustomerForm,
  type MetadataRow,
  type Problems,
} from '../../lib/customers';
import { CustomerFields } from './CustomerFields';
import { MetadataTable } from './MetadataTable';

export function CreateDialog({ onClose }: { onClose: () => void }) {
  const { customers } = useDashboard();
  const router = useRouter();
  const [form, setForm] = useState<CustomerForm>(emptyForm);
  const [metadata, setMetadata] = useState<MetadataRow[]>([]);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title="New customer" onClose={onClose} testId="create-dialog">
      <form
        noValidate
        autoComplete="off"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const answer = await customers.getState().create(form, metadata);
          setBusy(false);
          setProblems(answer);
          if (answer.id) {
            onClose();
            router.navigate('customers', answer.id);
          }
        }}
      >
        <CustomerFields prefix="new" form={form} errors={problems.fields} onChange={setForm} />
        <MetadataTable
          idPrefix="new-metadata"
          rows={metadata}
          onChange={setMetadata}
          error={problems.fields.metadata}
        />
        <Notice kind="error">{problems.message}</Notice>
        <ButtonRow>
          <button type="submit" disabled={busy}>
            Create customer
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </ButtonRow>
      </form>
    </Dialog>
  );
}
