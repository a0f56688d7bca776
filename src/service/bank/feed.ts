/**
 * One page of an account's transactions (docs/bank-feed.md): the first call fixes the
 * range, every later call follows a cursor. Keyset paging on (date, id) under a snapshot bound,
 * so following links.next visits each transaction of the range exactly once, newest first, even
 * while new ones arrive (they are all dated after the bound).
 */
import type { z } from 'zod';
import type { BankFeedPage, BankTransactionsQuery } from '../../shared/contract/bank';
import type { SandboxBank } from './banks';
import type { CursorState, Cursors } from './cursor';
import { toWire, type Key, type Ledger, type OpenAccount, type TxRow } from './ledger';

const keyOf = (row: TxRow): Key => [row.date_ms, row.id];

export async function readPage(
  deps: { ledger: Ledger; cursors: Cursors; now: number; baseUrl: string },
  account: OpenAccount,
  bank: SandboxBank,
  query: z.output<typeof BankTransactionsQuery>,
): Promise<z.input<typeof BankFeedPage>> {
  const { ledger, cursors, now } = deps;
  const state: CursorState = query.cursor
    ? await cursors.redeem(query.cursor, account.id, account.environment, account.merchant_id)
    : {
        a: account.id,
        f: query.from ? Date.parse(query.from) : 0,
        // The snapshot: nothing dated after this first call joins the range later.
        u: Math.min(query.before ? Date.parse(query.before) : Infinity, now + 1),
        k: null,
        d: 'n',
      };
  await ledger.catchUp(account);
  const limit = bank.pageSize;
  let rows: TxRow[];
  let older: boolean;
  let newer: boolean;
  if (state.d === 'n') {
    const found = await ledger.older(account.id, state.f, state.k ?? [state.u, ''], limit + 1);
    rows = found.slice(0, limit);
    older = found.length > limit;
    newer = state.k !== null;
  } else {
    const found = await ledger.newer(account.id, state.u, state.k!, limit + 1);
    rows = found.slice(0, limit).reverse();
    newer = found.length > limit;
    older = true; // a previous page is always followed by the page it was reached from
  }
  const link = async (s: CursorState) =>
    `${deps.baseUrl}/api/bank/accounts/${encodeURIComponent(account.id)}/transactions?cursor=${await cursors.issue(s, account.environment, account.merchant_id)}`;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    data: rows.map((row) => toWire(row, bank, now)),
    meta: { count: rows.length },
    links: {
      self: await link(state),
      ...(older && last ? { next: await link({ ...state, k: keyOf(last), d: 'n' }) } : {}),
      ...(bank.givesPrev && newer && first
        ? { prev: await link({ ...state, k: keyOf(first), d: 'p' }) }
        : {}),
    },
  };
}
