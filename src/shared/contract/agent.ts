/** Agent Pay: agents, spending contracts and their payments (docs/agent-pay.md). */
import { z } from 'zod';
import {
  Alignment,
  Currency,
  Environment,
  Notes,
  PageQuery,
  Period,
  PositivePounds,
  Timestamp,
  Uuid,
  nonBlank,
  offsetPage,
  safeText,
} from './common';

/** Periods from shortest to longest: a longer period's cap must be at least a shorter one's. */
export const PERIOD_ORDER = Period.options;

export const PeriodLimit = z.object({
  amount: PositivePounds,
  period: Period,
  alignment: Alignment.default('CALENDAR'),
});

export const Limits = z
  .object({
    maxPerPayment: PositivePounds,
    periodLimits: z.array(PeriodLimit).min(1, 'must hold at least one period cap'),
    currency: Currency.default('GBP'),
    validFrom: Timestamp.optional(),
    validTo: Timestamp,
  })
  .superRefine((l, ctx) => {
    const seen = new Set<string>();
    l.periodLimits.forEach((p, i) => {
      if (seen.has(p.period))
        ctx.addIssue({
          code: 'custom',
          path: ['periodLimits', i, 'period'],
          message: `repeats ${p.period}`,
        });
      seen.add(p.period);
    });
    const sorted = [...l.periodLimits]
      .map((p, i) => ({ ...p, i }))
      .sort((a, b) => PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period));
    for (let k = 1; k < sorted.length; k++) {
      const shorter = sorted[k - 1]!;
      const longer = sorted[k]!;
      if (longer.amount < shorter.amount)
        ctx.addIssue({
          code: 'custom',
          path: ['periodLimits', longer.i, 'amount'],
          message: `the ${longer.period} cap must be at least the ${shorter.period} cap`,
        });
    }
    if (l.validFrom !== undefined && Date.parse(l.validTo) <= Date.parse(l.validFrom))
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must be later than validFrom' });
  });
export type Limits = z.infer<typeof Limits>;

export const Agent = z.object({
  agentId: z.string(),
  businessId: z.string(),
  environment: Environment,
  name: z.string(),
  description: z.string().optional(),
  publicKeyPem: z.string().optional(),
  status: z.string().optional(),
  /** When the agent first registered (an extension: the business's dashboard shows it). */
  createdAt: Timestamp.optional(),
});
export type Agent = z.infer<typeof Agent>;
export const AgentPage = offsetPage(Agent);

export const AgentRegisterBody = z.object({
  name: safeText().trim().min(1, 'is required').max(100),
  description: safeText({ multiline: true }).max(500).optional(),
  publicKeyPem: z
    .string()
    .regex(
      /-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/,
      'must be an SPKI PEM public key',
    )
    .optional(),
});

export const ContractType = z.enum(['SEND', 'COLLECT']);
export const ContractStatus = z.enum([
  'PENDING_AUTHORIZATION',
  'ACTIVE',
  'DECLINED',
  'EXPIRED',
  'REVOKED',
]);

export const ContractUsage = z.object({
  period: Period,
  cap: z.number(),
  usedThisPeriod: z.number(),
  reserved: z.number(),
  remaining: z.number(),
  periodEnd: Timestamp,
});

/**
 * An e-mail address or a phone number a one-time approval code can be sent to: one of a
 * business's approvers (who approve its SEND contracts), or a COLLECT contract's customer.
 */
export const Approver = z
  .object({
    email: z.email('must be a valid email address').max(254).optional(),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'must be an international number with its +, e.g. +447700900123')
      .optional(),
  })
  .refine((a) => (a.email === undefined) !== (a.phone === undefined), {
    message: 'give exactly one of email or phone',
    path: ['email'],
  });
export type Approver = z.infer<typeof Approver>;

export const Contract = z.object({
  contractId: z.string(),
  agentId: z.string(),
  environment: Environment,
  type: ContractType,
  name: z.string().optional(),
  description: z.string().optional(),
  createdAt: Timestamp,
  status: ContractStatus,
  authorizationUrl: z.string().optional(),
  /**
   * Who approves it: the approver the agent suggested until a person approves, then the person
   * who approved (the one the code was sent to). Absent while nobody was suggested.
   */
  approver: z.object({ email: z.string().optional(), phone: z.string().optional() }).optional(),
  limits: Limits,
  usage: z.array(ContractUsage).optional(),
  serviceCustomerId: z.string().optional(),
  linkedMethod: z
    .object({
      paymentMethodId: z.string(),
      lastFourDigits: z.string(),
      brand: z.string(),
      expiryDate: z.string(),
    })
    .optional(),
  termsVersion: z.number().int().positive().optional(),
  pendingUpdate: z.object({ limits: Limits, requestedAt: Timestamp }).nullable().optional(),
  /** REVOKED: when, and by whom (the business's API key, or the human on their revoke link). */
  revokedAt: Timestamp.optional(),
  revokedBy: z.enum(['BUSINESS', 'APPROVER']).optional(),
});
export type Contract = z.infer<typeof Contract>;
export const ContractPage = offsetPage(Contract);

export const ContractCreateBody = z
  .object({
    name: safeText().trim().min(1, 'is required').max(100),
    type: ContractType.default('SEND'),
    serviceCustomerId: Uuid.optional(),
    description: safeText({ multiline: true }).max(500).optional(),
    /**
     * Optional (an extension): a suggestion of who approves, which the page preselects. It must
     * be one of the business's approvers (SEND) or the customer's own e-mail or phone on file
     * (COLLECT); without it the person on the authorization page chooses among those.
     */
    approver: Approver.optional(),
    limits: Limits,
  })
  .refine((c) => c.type !== 'COLLECT' || c.serviceCustomerId !== undefined, {
    message: 'is required for COLLECT contracts',
    path: ['serviceCustomerId'],
  });
export const ContractParams = z.object({ contractId: z.string().min(1).max(100) });
export const ContractListQuery = PageQuery.extend({ type: ContractType.optional() });

/** contract.list filters: type and status (docs/agent-pay.md). */
export const ContractListFilters = ContractListQuery.extend({ status: ContractStatus.optional() });

/** The business's view of every agent's contracts (API key alone): filter by agent too. */
export const BusinessContractListQuery = ContractListFilters.extend({
  agentId: z.string().min(1).max(100).optional(),
});

/** The update: new limits, staged as pendingUpdate until the human approves them. */
export const ContractUpdateBody = z.object({ limits: Limits });

/** The most approvers a business keeps per environment. */
export const MAX_APPROVERS = 20;

/** An approver's address as the service compares them: e-mail in lower case, phone as given. */
export const approverKey = (a: { email?: string | undefined; phone?: string | undefined }) =>
  a.email !== undefined ? a.email.toLowerCase() : (a.phone ?? '');

/** A business's own approvers of one environment, replaced as a whole. */
export const ApproverList = z
  .array(Approver)
  .max(MAX_APPROVERS, `must hold at most ${MAX_APPROVERS} approvers`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      const key = approverKey(a);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i], message: 'repeats an approver' });
      seen.add(key);
    });
  });

/**
 * PUT /api/merchant/approvers: the new list. A change that adds someone who cannot approve
 * now needs `code`, the one-time code sent to one of the approvers in effect
 * (POST /api/merchant/approvers/code), so that the API key alone cannot name a new approver.
 */
export const ApproversUpdateBody = z
  .object({
    approvers: ApproverList,
    code: z.string().trim().min(1, 'is required').max(12).optional(),
  })
  .strict();

/** POST /api/merchant/approvers/code: the list to confirm, and which approver gets the code. */
export const ApproversCodeBody = z
  .object({
    approvers: ApproverList,
    confirmer: z.string().min(1, 'is required').max(64),
  })
  .strict();

/** One of the approvers in effect, masked, who can confirm a change that adds approvers. */
export const ApproverConfirmer = z.object({
  id: z.string().describe('Name it as confirmer in POST /api/merchant/approvers/code'),
  to: z.string().describe('Masked: f•••@shop.example, +44•••••123'),
});

/** Who approves the business's SEND contracts in the environment of the secret. */
export const AgentApprovers = z.object({
  environment: Environment,
  approvers: z
    .array(z.object({ email: z.string().optional(), phone: z.string().optional() }))
    .describe("The business's own approvers (empty: the operator's default list applies, if any)"),
  operatorDefault: z
    .boolean()
    .describe("True when the business has none of its own and the operator's list applies"),
  confirmers: z
    .array(ApproverConfirmer)
    .describe('The approvers in effect now; empty when there is none (any change is then free)'),
});

export const ApproversCodeSent = z.object({ sentTo: z.string(), expiresAt: Timestamp });

/** Sandbox control standing in for the human on the authorization page. */
export const ContractAuthorizeBody = z.object({
  decision: z.enum(['APPROVE', 'DECLINE']),
  /** COLLECT: the saved card the customer links (default: their newest). */
  paymentMethodId: z.string().min(1).max(64).optional(),
});

/** UK bank details of the payee of a SEND payment. */
export const Payee = z.object({
  name: nonBlank(1, 70),
  sortCode: z
    .string()
    .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'must be six digits, e.g. 12-34-56')
    .transform((s) => s.replace(/-/g, '')),
  accountNumber: z.string().regex(/^\d{8}$/, 'must be eight digits'),
});

export const SendPaymentBody = z.object({
  amount: PositivePounds,
  currency: Currency.optional(),
  payee: Payee,
  /** The payment reference the payee sees (Faster Payments carries 18 characters). */
  reference: nonBlank(1, 18),
});

export const CollectChargeBody = z.object({
  amount: PositivePounds.refine((n) => n >= 1, 'must be at least 1'),
  currency: Currency.optional(),
  orderId: nonBlank(1, 50),
  notes: Notes.optional(),
});

export const ContractPaymentStatus = z.enum(['PENDING', 'COMPLETED', 'FAILED']);

/** One payment made under a contract: PENDING holds its amount as reserved until it settles. */
export const ContractPayment = z.object({
  paymentId: z.string(),
  contractId: z.string(),
  type: ContractType,
  status: ContractPaymentStatus,
  amount: z.number(),
  currency: Currency,
  payee: z.object({ name: z.string(), sortCode: z.string(), accountNumber: z.string() }).optional(),
  reference: z.string().optional(),
  orderId: z.string().optional(),
  /** COLLECT: the card payment, readable with payment status. */
  paymentRequestId: z.string().optional(),
  errorDescription: z.string().optional(),
  createdAt: Timestamp,
  settledAt: Timestamp.optional(),
  /**
   * The service's signed receipt (a compact JWS, ES256), on the answer to a send or a collect
   * only: verify it offline with the keys at /.well-known/counter-receipts.json.
   */
  receipt: z.string().optional(),
});
export const ContractPaymentPage = offsetPage(ContractPayment);
export const ContractPaymentParams = z.object({ paymentId: z.string().min(1).max(100) });
export const ContractPaymentListQuery = PageQuery.extend({
  status: ContractPaymentStatus.optional(),
});

/** What a payment receipt says (the JWS payload), docs/agent-pay.md "Receipts". */
export const ReceiptClaims = z.object({
  /** The service that signed it (its public URL). */
  iss: z.string(),
  /** When it was signed, in Unix seconds of the contract's environment clock. */
  iat: z.number().int(),
  /**
   * Until when it verifies, in real Unix seconds (a year after it was signed); its key stays in
   * the JWKS until then. Absent on receipts signed before receipts carried it.
   */
  exp: z.number().int().optional(),
  /**
   * The business (merchant) whose agent made the payment. Absent on receipts signed before
   * receipts carried it.
   */
  businessId: z.string().optional(),
  environment: Environment,
  contractId: z.string(),
  paymentId: z.string(),
  type: ContractType,
  status: ContractPaymentStatus,
  amount: z.number(),
  currency: Currency,
  /** SEND: the payee's bank account; COLLECT: the business the card was charged for. */
  payee: z.union([
    z.object({ name: z.string(), sortCode: z.string(), accountNumber: z.string() }),
    z.object({ businessId: z.string() }),
  ]),
  reference: z.string().optional(),
  orderId: z.string().optional(),
  /** When the payment was made (ISO 8601). */
  time: Timestamp,
  /** What is left of each period cap once this payment is counted. */
  usageLeft: z.array(z.object({ period: Period, remaining: z.number(), periodEnd: Timestamp })),
});

/** One public key of the receipt signer (RFC 7517 JWK, EC P-256). */
export const ReceiptJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});
export const ReceiptJwks = z.object({ keys: z.array(ReceiptJwk) });
