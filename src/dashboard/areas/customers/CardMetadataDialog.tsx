/** A saved card's metadata, changed the same way as the customer's. */
import { useState } from 'react';
import type { SavedCard } from '../../../shared/contract/cards';
import { Dialog } from '../../components/Dialog';
import { ButtonRow } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import {
  cardLabel,
  NO_PROBLEMS,
  rowsOf,
  type MetadataRow,
  type Problems,
} from '../../lib/customers';
import { MetadataTable } from './MetadataTable';

export function CardMetadataDialog({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const { customers } = useDashboard();
  const [rows, setRows] = useState<MetadataRow[]>(() => rowsOf(card.metadata));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  return (
    <Dialog title={`Metadata of ${cardLabel(card)}`} onClose={onClose} testId="card-meta-dialog">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const answer = await customers.getState().saveCardMetadata(card.id, rows);
          setProblems(answer);
          if (!answer.message && !Object.keys(answer.fields).length) onClose();
        }}
      >
        <MetadataTable
          idPrefix="card-metadata"
          rows={rows}
          onChange={setRows}
          error={problems.fields.metadata}
        />
        <Notice kind="error">{problems.message}</Notice>
        <ButtonRow>
          <button type="submit">Save card metadata</button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </ButtonRow>
      </form>
    </Dialog>
  );
}
