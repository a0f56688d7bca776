import type { FormError } from '../lib/form-errors';

/** A form's one error, placed by the field it is about (`field`), or at the form when null. */
export function FieldError({
  error,
  field,
  id,
}: {
  error: FormError | null;
  field: string | null;
  id?: string;
}) {
  if (!error || error.field !== field) return null;
  return (
    <p className="form-error" data-testid="form-error" role="alert" id={id}>
      {error.message}
    </p>
  );
}

/** aria-describedby for a field that may carry the form's error. */
export function describedBy(error: FormError | null, field: string, id: string) {
  return error?.field === field ? id : undefined;
}
