/** New customer: their fields and metadata; creating one opens their page. */
import { useState } from 'react';
import { useDashboard, useRouter } from '../../context';
import { emptyForm, type CustomerForm, type MetadataRow } from '../../lib/customers';
import { CustomerFields } from './CustomerFields';
import { DialogForm } from './DialogForm';
import { MetadataTable } from './MetadataTable';

export function CreateDialog({ onClose }: { onClose: () => void }) {
  const { customers } = useDashboard();
  const router = useRouter();
  const [form, setForm] = useState<CustomerForm>(emptyForm);
  const [metadata, setMetadata] = useState<MetadataRow[]>([]);
  return (
    <DialogForm
      title="New customer"
      testId="create-dialog"
      onClose={onClose}
      autoComplete="off"
      submit={() => customers.getState().create(form, metadata)}
      done={(answer) => {
        if (answer.id) router.navigate('customers', answer.id);
        return Boolean(answer.id);
      }}
      submitLabel="Create customer"
    >
      {({ problems }) => (
        <>
          <CustomerFields prefix="new" form={form} errors={problems.fields} onChange={setForm} />
          <MetadataTable
            idPrefix="new-metadata"
            rows={metadata}
            onChange={setMetadata}
            error={problems.fields.metadata}
          />
        </>
      )}
    </DialogForm>
  );
}
