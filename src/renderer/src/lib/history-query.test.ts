import { describe, expect, it } from 'vitest';
import { BridgeCommand } from '../../../shared/bridge';
import { EMPTY_HISTORY_FORM, HISTORY_PAGE_SIZE, historyQuery } from './history-query';

describe('history query', () => {
  it('asks for the first page when nothing is filled in', () => {
    expect(historyQuery(EMPTY_HISTORY_FORM)).toEqual({
      ok: true,
      query: { limit: HISTORY_PAGE_SIZE },
    });
  });

  it('carries the cursor for the next page', () => {
    expect(historyQuery(EMPTY_HISTORY_FORM, 'abc')).toEqual({
      ok: true,
      query: { limit: HISTORY_PAGE_SIZE, cursor: 'abc' },
    });
  });

  it('reads amounts as staff type them', () => {
    for (const amount of ['12.50', '£12.50', ' 12.5 ', '£1,250'])
      expect(historyQuery({ ...EMPTY_HISTORY_FORM, amount })).toMatchObject({ ok: true });
    expect(historyQuery({ ...EMPTY_HISTORY_FORM, amount: '£12.50' })).toMatchObject({
      query: { amountPence: 1250 },
    });
    expect(historyQuery({ ...EMPTY_HISTORY_FORM, amount: '£1,250' })).toMatchObject({
      query: { amountPence: 125_000 },
    });
  });

  it('refuses amounts that are not money', () => {
    for (const amount of ['12.505', 'ten', '0', '-3'])
      expect(historyQuery({ ...EMPTY_HISTORY_FORM, amount })).toMatchObject({
        ok: false,
        error: { field: 'query.amountPence' },
      });
  });

  it("turns a day range into the shop's midnights, the end day included", () => {
    const result = historyQuery({ ...EMPTY_HISTORY_FORM, from: '2025-03-01', to: '2025-03-02' });
    expect(result).toEqual({
      ok: true,
      query: {
        limit: HISTORY_PAGE_SIZE,
        from: '2025-03-01T00:00:00.000Z',
        to: '2025-03-03T00:00:00.000Z',
      },
    });
    const same = historyQuery({ ...EMPTY_HISTORY_FORM, from: '2025-03-01', to: '2025-03-01' });
    expect(same.ok).toBe(true);
    const backwards = historyQuery({ ...EMPTY_HISTORY_FORM, from: '2025-03-02', to: '2025-03-01' });
    expect(backwards).toMatchObject({ ok: false, error: { field: 'query.to' } });
  });

  it('reads the days in the kiosk locale and says which form it wants', () => {
    const gb = historyQuery({ ...EMPTY_HISTORY_FORM, from: '01/03/2025', to: '2/3/2025' });
    expect(gb).toMatchObject({
      ok: true,
      query: { from: '2025-03-01T00:00:00.000Z', to: '2025-03-03T00:00:00.000Z' },
    });
    const us = historyQuery({ ...EMPTY_HISTORY_FORM, from: '03/01/2025' }, undefined, 'en-US');
    expect(us).toMatchObject({ ok: true, query: { from: '2025-03-01T00:00:00.000Z' } });
    expect(historyQuery({ ...EMPTY_HISTORY_FORM, from: '03/31/2025' }, undefined, 'en-GB')).toEqual(
      { ok: false, error: { field: 'query.from', message: 'Enter the start date as dd/mm/yyyy.' } },
    );
    expect(historyQuery({ ...EMPTY_HISTORY_FORM, to: 'soon' }, undefined, 'en-GB')).toEqual({
      ok: false,
      error: { field: 'query.to', message: 'Enter the end date as dd/mm/yyyy.' },
    });
  });

  it('builds a query the contract accepts', () => {
    const result = historyQuery({
      orderId: ' CTR-1 ',
      amount: '3',
      status: 'COMPLETED',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.query.orderId).toBe('CTR-1');
    expect(BridgeCommand.safeParse({ type: 'listHistory', query: result.query }).success).toBe(
      true,
    );
  });

  it("names the shop's days in its time zone, not the machine's", () => {
    // 1 July in London starts at 23:00 UTC on 30 June (BST).
    const summer = historyQuery({ ...EMPTY_HISTORY_FORM, from: '01/07/2025', to: '01/07/2025' });
    expect(summer).toMatchObject({
      ok: true,
      query: { from: '2025-06-30T23:00:00.000Z', to: '2025-07-01T23:00:00.000Z' },
    });
    const paris = historyQuery(
      { ...EMPTY_HISTORY_FORM, from: '01/07/2025' },
      undefined,
      'en-GB',
      'Europe/Paris',
    );
    expect(paris).toMatchObject({ ok: true, query: { from: '2025-06-30T22:00:00.000Z' } });
  });
});
