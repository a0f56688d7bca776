/**
 * The dashboard's Bank store against a real service over loopback: consents and accounts, the
 * consent read back from the address after the hosted page, paging by the cursors in `links`
 * (next and prev, no page twice), a used-up cursor (410 GONE) starting again from the newest
 * page with a note, revoking, and the day's reconciliation with a pay-by-bank payment matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import { bankRedirectUrl, cursorOf, readLinkReturn, shopToday } from '../../src/dashboard/lib/bank';
import { createBankStore, RESTARTED_NOTE } from '../../src/dashboard/store/bank';
import { startService, SANDBOX, type Harness } from '../helpers/service';

let h: Harness;
let api: SessionApi;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
});
afterAll(() => h.close());

describe('bank helpers', () => {
  it('reads the consent, or the refusal, the hosted page puts in the address', () => {
    expect(readLinkReturn('accountAuthId=con_1&accountIds=acc_1,acc_2')).toEqual({
      kind: 'linked',
      accountAuthId: 'con_1',
      accountIds: ['acc_1', 'acc_2'],
    });
    expect(readLinkReturn('error=access_denied&error_description=No')).toEqual({
      kind: 'declined',
      error: 'access_denied',
      description: 'No',
    });
    expect(readLinkReturn('status=COMPLETED')).toEqual({ kind: 'none' });
    expect(bankRedirectUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/dashboard/bank');
    expect(cursorOf('http://x/api/bank/accounts/a/transactions?cursor=abc.def')).toBe('abc.def');
    expect(cursorOf(undefined)).toBeNull();
    // The shop's day: 23:30 UTC on a summer evening is already tomorrow in London.
    expect(shopToday(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
    expect(shopToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
  });
});

describe('bank store', () => {
  it('starts a link whose page comes back to the dashboard', async () => {
    const store = createBankStore(api.call);
    const url = await store.getState().startLink(bankRedirectUrl(h.url));
    expect(url).toMatch(/\/bank\/link\/lnk_/);
    expect((await fetch(url!)).status).toBe(200);
    expect(await store.getState().startLink('not a url')).toBeNull();
    expect(store.getState().linkError).toMatch(/^Could not start linking: /);
  });

  it('lists consents, reads the return, pages by cursor, restarts after a 410, revokes', async () => {
    const linked = await h.call('POST', '/api/sandbox/bank/consents', {});
    expect(linked.status).toBe(201);
    const store = createBankStore(api.call);
    expect(
      await store
        .getState()
        .finishLink(
          `accountAuthId=${linked.body.accountAuthId}&accountIds=${linked.body.accountIds.join(',')}`,
        ),
    ).toBe(true);
    expect(store.getState().linkNotice).toBe(
      'Linked Sandbox Bank: 2 accounts. Pay-by-bank payments settle into the first one.',
    );
    const [consent] = store.getState().consents!;
    expect(consent!.accounts.map((a) => a.accountId)).toEqual(linked.body.accountIds);
    expect(await store.getState().finishLink('error=access_denied')).toBe(true);
    expect(store.getState().linkError).toBe(
      'Not linked: the bank account was not shared (you chose not to allow it).',
    );
    expect(await store.getState().finishLink('')).toBe(false);

    const accountId = linked.body.accountIds[0] as string;
    await store.getState().browse(accountId, 'Main');
    const first = store.getState().browsing!.page!;
    expect(first.data).toHaveLength(50); // Sandbox Bank's page size
    expect(store.getState().browsing!.pageNumber).toBe(1);
    await store.getState().next();
    const second = store.getState().browsing!.page!;
    expect(store.getState().browsing!.pageNumber).toBe(2);
    expect(second.data.some((t) => first.data.some((f) => f.id === t.id))).toBe(false);
    expect(second.links.prev).toBeTruthy();
    await store.getState().prev();
    expect(store.getState().browsing!.pageNumber).toBe(1);
    expect(store.getState().browsing!.page!.data.map((t) => t.id)).toEqual(
      first.data.map((t) => t.id),
    );

    // Use the page's next link elsewhere first: the store's turn gets 410 and starts again.
    const next = store.getState().browsing!.page!.links.next!;
    expect((await fetch(next, { headers: { authorization: `Bearer ${SANDBOX}` } })).status).toBe(
      200,
    );
    await store.getState().next();
    expect(store.getState().pageNote).toBe(RESTARTED_NOTE);
    expect(store.getState().pageError).toBe('');
    expect(store.getState().browsing!.pageNumber).toBe(1);
    expect(store.getState().browsing!.page!.data.map((t) => t.id)).toEqual(
      first.data.map((t) => t.id),
    );

    await store.getState().revoke(linked.body.accountAuthId);
    expect(store.getState().consents).toEqual([]);
    expect(store.getState().browsing).toBeNull();
    expect((await h.call('GET', `/api/bank/${linked.body.accountAuthId}/accounts`)).status).toBe(
      404,
    );
  });

  it("reconciles the day's pay-by-bank payments per store, with credits no payment explains", async () => {
    await h.call('POST', '/api/sandbox/bank/consents', {});
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'BANK-1',
      amount: 7.5,
    });
    await h.call(
      'POST',
      `/api/sandbox/payment-requests/${created.body.paymentRequestId}/simulate`,
      {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      },
    );
    const status = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${created.body.paymentRequestId}`,
    );
    const day = (status.body.updatedAt as string).slice(0, 10);
    const store = createBankStore(api.call, () => day);
    await store.getState().refresh();
    expect(store.getState().stores!.length).toBeGreaterThan(0);
    await store.getState().reconcile(day, '');
    // The credit arrives 20 s of service time after the payment completes.
    expect(
      store.getState().recon.report!.payments.find((p) => p.orderId === 'BANK-1'),
    ).toMatchObject({ status: 'NOT_ARRIVED', amount: 7.5 });
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 21_000 });
    await store.getState().reconcile(day, '');
    const report = store.getState().recon.report!;
    expect(report.payments.find((p) => p.orderId === 'BANK-1')).toMatchObject({
      status: 'MATCHED',
      amount: 7.5,
      credit: { reference: expect.stringContaining('BANK-1') },
    });
    const direct = await h.call('GET', `/api/bank/reconciliation?date=${day}`);
    expect(report.unmatchedCredits).toEqual(direct.body.unmatchedCredits);

    const storeId = store.getState().stores![0]!.id;
    await store.getState().reconcile(day, storeId);
    expect(store.getState().recon).toMatchObject({ storeId, error: '' });
    expect(store.getState().recon.report!.storeId).toBe(storeId);

    await store.getState().reconcile('23/11/2026', '');
    expect(store.getState().recon.error).toMatch(/^Could not reconcile: .*date/);
  });
});
