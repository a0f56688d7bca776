import { describe, expect, it } from 'vitest';
import { hasOlder, pageNumberFromQuery, pageQuery, rangeText } from './paging';

const page = (n: number, count: number, total: number) => ({
  page: n,
  size: 20,
  totalCount: total,
  data: new Array(count),
});

describe('offset paging', () => {
  it('says which rows a page shows, and whether older ones exist', () => {
    expect(rangeText(page(1, 20, 45))).toBe('21–40 of 45');
    expect(rangeText(page(2, 5, 45))).toBe('41–45 of 45');
    expect(rangeText(page(0, 0, 0))).toBe('');
    expect(hasOlder(page(1, 20, 45))).toBe(true);
    expect(hasOlder(page(2, 5, 45))).toBe(false);
    expect(hasOlder(page(0, 20, 20))).toBe(false);
  });

  it('reads and writes the 1-based page of the address, ignoring what is not one', () => {
    expect(pageNumberFromQuery('page=3')).toBe(2);
    expect(pageNumberFromQuery('')).toBe(0);
    expect(pageNumberFromQuery('page=-4')).toBe(0);
    expect(pageNumberFromQuery('page=1.5')).toBe(0);
    expect(pageQuery(0)).toBeUndefined();
    expect(pageQuery(2)).toBe('3');
  });
});
