/** A saved card's metadata, changed the same way as the customer's. */
import { useState } from 'react';
import type { SavedCard } from '../../../shared/contract/cards';
import { useDashboard } from '../../context';
import { cardLabel, rowsOf, type MetadataRow } from '../../lib/customers';
import { DialogForm } from './DialogForm';
import { MetadataTable } from './MetadataTable';

export function CardMetadataDialog({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const { customers } = useDashboard();
  const [rows, setRows] = useState<MetadataRow[]>(() => rowsOf(card.metadata));
  return (
    <DialogForm
      title={`Metadata of ${cardLabel(card)}`}
      testId="card-meta-dialog"
      onClose={onClose}
      submit={() => customers.getState().saveCardMetadata(card.id, rows)}
      done={(answer) => !answer.message && !Object.keys(answer.fields).length}
      submitLabel="Save card metadata"
    >
      {({ problems }) => (
        <MetadataTable
          idPrefix="card-metadata"
          rows={rows}
          onChange={setRows}
          error={problems.fields.metadata}
        />
      )}
    </DialogForm>
  );
}
