/**
 * Offset pages ({page, size, totalCount, data}), as every list route answers them: the words
 * under a paged list and whether an older page exists. One copy for every paged list.
 */
export interface OffsetPage {
  page: number;
  size: number;
  totalCount: number;
  data: readonly unknown[];
}

/** "1–20 of 45", or empty when there is nothing. */
export function rangeText(page: OffsetPage): string {
  if (!page.totalCount) return '';
  const first = page.page * page.size;
  return `${first + 1}–${first + page.data.length} of ${page.totalCount}`;
}

export function hasOlder(page: OffsetPage): boolean {
  return page.page * page.size + page.data.length < page.totalCount;
}

/** The 0-based page number from an address's 1-based "page" ("page=2" is 1; missing is 0). */
export function pageNumberFromQuery(query: string): number {
  const page = Number(new URLSearchParams(query).get('page'));
  return Number.isSafeInteger(page) && page > 1 ? page - 1 : 0;
}

/** The 1-based "page" for the address; the first page is left out. */
export function pageQuery(pageNumber: number): string | undefined {
  return pageNumber > 0 ? String(pageNumber + 1) : undefined;
}
