import { describe, expect, it } from 'vitest';
import { queryOfView, viewFromQuery } from './payments';

describe('the payments list in the address', () => {
  it('reads a status and a 1-based page, ignoring what is not one', () => {
    expect(viewFromQuery('status=COMPLETED&page=3')).toEqual({
      status: 'COMPLETED',
      pageNumber: 2,
    });
    expect(viewFromQuery('')).toEqual({ status: '', pageNumber: 0 });
    expect(viewFromQuery('status=PAID&page=-4')).toEqual({ status: '', pageNumber: 0 });
    expect(viewFromQuery('page=1.5')).toEqual({ status: '', pageNumber: 0 });
  });

  it('writes only what differs from the default, and reads back the same', () => {
    expect(queryOfView({ status: '', pageNumber: 0 })).toEqual({
      status: undefined,
      page: undefined,
    });
    const view = { status: 'FAILED' as const, pageNumber: 1 };
    expect(queryOfView(view)).toEqual({ status: 'FAILED', page: '2' });
    expect(
      viewFromQuery(new URLSearchParams(queryOfView(view) as Record<string, string>).toString()),
    ).toEqual(view);
  });
});
