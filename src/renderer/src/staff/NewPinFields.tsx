import type { FormError } from '../lib/form-errors';
import { PinField } from './TextField';

/**
 * A new PIN as every staff form asks for it (the owner's first PIN, a PIN change, a person added
 * or edited): the PIN on `newPin`, and, when `again` is given, the same PIN typed twice (its
 * mismatch shown on `again`).
 */
export function NewPinFields({
  id,
  label,
  value,
  onChange,
  error,
  testId,
  again,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FormError | null;
  testId: string;
  again?: { label: string; value: string; onChange: (value: string) => void; testId: string };
}) {
  return (
    <>
      <PinField
        id={`${id}-new`}
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        field="newPin"
        testId={testId}
      />
      {again && (
        <PinField
          id={`${id}-again`}
          label={again.label}
          value={again.value}
          onChange={again.onChange}
          error={error}
          field="again"
          testId={again.testId}
        />
      )}
    </>
  );
}
