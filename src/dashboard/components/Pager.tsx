/** Newer / "1–20 of 45" / Older under a paged list, newest first; one for every offset-paged list. */
import { hasOlder, rangeText, type OffsetPage } from '../lib/paging';

export function Pager({
  label,
  page,
  rangeTestId,
  onNewer,
  onOlder,
}: {
  /** Names the navigation landmark, e.g. "Payment pages". */
  label: string;
  /** Null while the first page loads: both buttons are disabled. */
  page: OffsetPage | null;
  rangeTestId: string;
  onNewer: () => void;
  onOlder: () => void;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="secondary small"
        disabled={!page || page.page === 0}
        onClick={onNewer}
      >
        Newer
      </button>
      <span className="muted" data-testid={rangeTestId}>
        {page ? rangeText(page) : ''}
      </span>
      <button
        type="button"
        className="secondary small"
        disabled={!page || !hasOlder(page)}
        onClick={onOlder}
      >
        Older
      </button>
    </nav>
  );
}
