/** A customer's saved cards (masked), with charging one, its metadata and the card-saving link. */
import { useState } from 'react';
import { formatWhen } from '../../../shared/format';
import type { SavedCard } from '../../../shared/contract/cards';
import { ButtonRow, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useCustomers, useDashboard } from '../../context';
import { cardLabel, metadataText, NO_PROBLEMS, type Problems } from '../../lib/customers';
import { CardMetadataDialog } from './CardMetadataDialog';
import { ChargeDialog } from './ChargeDialog';
import { LinkDialog } from './LinkDialog';

export function SavedCards() {
  const { sandbox } = useDashboard();
  const cards = useCustomers((s) => s.cards);
  const [dialog, setDialog] = useState<
    { kind: 'charge' | 'meta'; card: SavedCard } | { kind: 'link' } | null
  >(null);
  return (
    <section className="card wide" aria-labelledby="cards-title">
      <div className="head">
        <h2 id="cards-title">Saved cards</h2>
        <button type="button" onClick={() => setDialog({ kind: 'link' })}>
          Send a card-saving link
        </button>
      </div>
      <p className="muted">Only the brand and last four digits are kept; never the number.</p>
      {cards && cards.length === 0 ? <p className="muted">No saved cards yet.</p> : null}
      <ul className="list" aria-label="Saved cards">
        {(cards ?? []).map((card) => (
          <li key={card.id} data-testid="saved-card">
            <div className="t-name">{cardLabel(card)}</div>
            <div className="muted">
              {card.name} · {card.country} · saved {formatWhen(card.createdAt)}
              {Object.keys(card.metadata).length ? ` · ${metadataText(card.metadata)}` : ''}
            </div>
            <ButtonRow>
              <button
                type="button"
                className="small"
                aria-label={`Charge ${cardLabel(card)}`}
                onClick={() => setDialog({ kind: 'charge', card })}
              >
                Charge
              </button>
              <button
                type="button"
                className="secondary small"
                aria-label={`Edit metadata of ${cardLabel(card)}`}
                onClick={() => setDialog({ kind: 'meta', card })}
              >
                Edit metadata
              </button>
            </ButtonRow>
          </li>
        ))}
      </ul>
      {sandbox ? <TestCard /> : null}
      {dialog?.kind === 'charge' ? (
        <ChargeDialog card={dialog.card} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'meta' ? (
        <CardMetadataDialog card={dialog.card} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'link' ? <LinkDialog onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

/** Sandbox only: save a test card without a browser (POST /api/sandbox/customers/{id}/cards). */
function TestCard() {
  const { customers } = useDashboard();
  const [number, setNumber] = useState('4242 4242 4242 4242');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [done, setDone] = useState('');
  return (
    <form
      noValidate
      className="inline-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setDone('');
        const answer = await customers.getState().saveTestCard(number);
        setProblems(answer);
        if (!answer.message && !Object.keys(answer.fields).length) setDone('Test card saved.');
      }}
    >
      <h3>Save a test card (sandbox)</h3>
      <TextInput
        id="test-card-number"
        label="Test card number"
        hint="See the test cards in docs/customers.md: 4000 0000 0000 0341 authorises but fails capture."
        error={problems.fields.number}
        inputMode="numeric"
        value={number}
        onValue={setNumber}
      />
      <Notice kind="error">{problems.message}</Notice>
      <Notice kind="ok">{done}</Notice>
      <ButtonRow>
        <button type="submit" className="secondary">
          Save test card
        </button>
      </ButtonRow>
    </form>
  );
}
