/**
 * The sandbox's banks. They differ the way real ones do (docs/bank-feed.md): each sets its own
 * page size (the service sets none, rule 6), only some give links.prev, and one omits balances,
 * the payer's and payee's account details and merchant names.
 */
import type { SandboxBankId } from '../../shared/contract/bank';

export type AccountProfile = 'current' | 'reserve';

export interface SandboxBank {
  id: SandboxBankId;
  name: string;
  sortCode: string;
  /** Transactions per page: the bank's own limit. */
  pageSize: number;
  givesPrev: boolean;
  givesBalance: boolean;
  givesAccountDetails: boolean;
  givesMerchantName: boolean;
  /** The accounts a consent links, in order; the first is the one payments settle into. */
  accounts: { profile: AccountProfile; name: string }[];
}

export const BANKS: Record<SandboxBankId, SandboxBank> = {
  'sandbox-bank': {
    id: 'sandbox-bank',
    name: 'Sandbox Bank',
    sortCode: '04-00-99',
    pageSize: 50,
    givesPrev: true,
    givesBalance: true,
    givesAccountDetails: true,
    givesMerchantName: true,
    accounts: [
      { profile: 'current', name: 'Business Current Account' },
      { profile: 'reserve', name: 'Business Reserve Account' },
    ],
  },
  harbour: {
    id: 'harbour',
    name: 'Harbour Bank',
    sortCode: '20-45-77',
    pageSize: 25,
    givesPrev: false,
    givesBalance: true,
    givesAccountDetails: true,
    givesMerchantName: true,
    accounts: [{ profile: 'current', name: 'Harbour Business Account' }],
  },
  oakmoor: {
    id: 'oakmoor',
    name: 'Oakmoor Building Society',
    sortCode: '30-96-12',
    pageSize: 100,
    givesPrev: false,
    givesBalance: false,
    givesAccountDetails: false,
    givesMerchantName: false,
    accounts: [
      { profile: 'current', name: 'Oakmoor Trader Account' },
      { profile: 'reserve', name: 'Oakmoor Business Saver' },
    ],
  },
};

export const DEFAULT_BANK: SandboxBankId = 'sandbox-bank';
export const bankOf = (id: string): SandboxBank =>
  BANKS[id as SandboxBankId] ?? BANKS[DEFAULT_BANK];
