/** The metadata of a customer or a card as key/value rows, with the error its fieldset names. */
import { ButtonRow, FieldError } from '../../components/form';
import type { MetadataRow } from '../../lib/customers';

/** Key/value rows: change a value, add a row, remove a row (saved as an empty value). */
export function MetadataTable({
  idPrefix,
  rows,
  onChange,
  error,
}: {
  idPrefix: string;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  error?: string | undefined;
}) {
  const put = (index: number, row: MetadataRow) =>
    onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <fieldset className="metadata" aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>Metadata</legend>
      {rows.length === 0 ? <p className="muted">No metadata.</p> : null}
      {rows.map((row, index) => (
        <div className="meta-row" key={index}>
          <label htmlFor={`${idPrefix}-key-${index}`} className="visually-hidden">
            Key {index + 1}
          </label>
          <input
            id={`${idPrefix}-key-${index}`}
            placeholder="key"
            value={row.key}
            onChange={(event) => put(index, { ...row, key: event.target.value })}
          />
          <label htmlFor={`${idPrefix}-value-${index}`} className="visually-hidden">
            Value of {row.key || `key ${index + 1}`}
          </label>
          <input
            id={`${idPrefix}-value-${index}`}
            placeholder="value"
            value={row.value}
            onChange={(event) => put(index, { ...row, value: event.target.value })}
          />
          <button
            type="button"
            className="secondary small"
            aria-label={`Remove ${row.key || `key ${index + 1}`}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <FieldError id={idPrefix}>{error}</FieldError>
      <ButtonRow>
        <button
          type="button"
          className="secondary small"
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add a key
        </button>
      </ButtonRow>
    </fieldset>
  );
}
