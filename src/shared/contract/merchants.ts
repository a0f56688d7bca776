/**
 * The merchant's own profile and settings (docs/merchant-profile.md): what receipts, the hosted payment
 * page and the customer display say about the shop, and which ways of paying it takes.
 */
import { z } from 'zod';
import { DEFAULT_EXPIRES_IN_MS, MAX_EXPIRES_IN_MS } from './payments';
import { Environment, Uuid, nonBlank, safeText } from './common';

/** The largest logo, decoded: a shop's logo is a few KiB; this leaves room for a detailed one. */
export const MAX_LOGO_BYTES = 256 * 1024;
/** Base64 of MAX_LOGO_BYTES, plus the longest data-URL prefix. */
const MAX_LOGO_CHARS = Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 'data:image/svg+xml;base64,'.length;
export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** The shortest and longest default expiry: one minute to the longest a payment may live. */
export const MIN_DEFAULT_EXPIRY_SECONDS = 60;
export const MAX_DEFAULT_EXPIRY_SECONDS = MAX_EXPIRES_IN_MS / 1000;

/** More time at the customer display: what one extension adds, and how many a payment may have. */
export const DEFAULT_EXTENSION_SECONDS = 120;
export const MIN_EXTENSION_SECONDS = 30;
export const MAX_EXTENSION_SECONDS = 600;
export const DEFAULT_MAX_EXTENSIONS = 2;
/** Ten lets a merchant meet WCAG 2.2.1 (extend at least ten times); the default asks less of the shop. */
export const MAX_EXTENSIONS = 10;

export const MerchantSettings = z.object({
  cardPayments: z
    .boolean()
    .describe('Card is offered on new payments; off: pay by bank only, and no card saving'),
  remotePayments: z
    .boolean()
    .describe('Payments may be pushed to terminals (POST /api/terminal/{id}/payment); off: 403'),
  tips: z.boolean().describe('New payments may take a tip; off: enableTips is ignored'),
  defaultExpirySeconds: z
    .number()
    .int('must be a whole number of seconds')
    .min(MIN_DEFAULT_EXPIRY_SECONDS, `must be at least ${MIN_DEFAULT_EXPIRY_SECONDS} seconds`)
    .max(MAX_DEFAULT_EXPIRY_SECONDS, 'must be at most 7 days')
    .describe('How long a new payment lives when its request gives no expiresIn'),
  extensionSeconds: z
    .number()
    .int('must be a whole number of seconds')
    .min(MIN_EXTENSION_SECONDS, `must be at least ${MIN_EXTENSION_SECONDS} seconds`)
    .max(MAX_EXTENSION_SECONDS, `must be at most ${MAX_EXTENSION_SECONDS} seconds`)
    .describe('What one "more time" at the customer display adds to an unpaid payment'),
  maxExtensions: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 (no more time) or more')
    .max(MAX_EXTENSIONS, `must be at most ${MAX_EXTENSIONS}`)
    .describe('How many times a customer may ask for more time on one payment; 0 offers none'),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

export const DEFAULT_MERCHANT_SETTINGS: MerchantSettings = {
  cardPayments: true,
  remotePayments: true,
  tips: true,
  defaultExpirySeconds: DEFAULT_EXPIRES_IN_MS / 1000,
  extensionSeconds: DEFAULT_EXTENSION_SECONDS,
  maxExtensions: DEFAULT_MAX_EXTENSIONS,
};

const profileFields = {
  name: nonBlank(2, 60),
  address: safeText({ multiline: true }).trim().max(200, 'must be at most 200 characters'),
  companyNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,12}$/, 'must be 2-12 letters and digits'),
  vatNumber: z
    .string()
    .trim()
    .regex(/^(GB)?\d{9}(\d{3})?$/, 'must be 9 or 12 digits, optionally prefixed GB'),
  supportEmail: z.email('must be a valid email address').max(254),
  supportPhone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number of 6-20 digits, spaces and +()-'),
};

/**
 * A new logo as a data URL, as a browser's FileReader gives it: a PNG (checked chunk by chunk)
 * or an SVG, which the service draws into a PNG at upload within limits and keeps only that
 * (docs/merchant-profile.md, "The logo"). null removes the logo.
 */
export const LogoUpload = z
  .string()
  .max(MAX_LOGO_CHARS, `must be at most ${MAX_LOGO_BYTES / 1024} KiB`)
  .regex(
    /^data:image\/(png|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/,
    'must be a data:image/png;base64 or data:image/svg+xml;base64 URL',
  );

/** Only the fields given change; null clears an optional one. */
export const MerchantUpdateBody = z
  .object({
    name: profileFields.name.optional(),
    address: profileFields.address.nullable().optional(),
    companyNumber: profileFields.companyNumber.nullable().optional(),
    vatNumber: profileFields.vatNumber.nullable().optional(),
    supportEmail: profileFields.supportEmail.nullable().optional(),
    supportPhone: profileFields.supportPhone.nullable().optional(),
    logo: LogoUpload.nullable().optional(),
    settings: MerchantSettings.partial().strict().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'at least one field is required',
    path: ['name'],
  });
export type MerchantUpdateBody = z.infer<typeof MerchantUpdateBody>;

export const Merchant = z.object({
  id: Uuid,
  name: z.string(),
  address: z.string().optional(),
  companyNumber: z.string().optional(),
  vatNumber: z.string().optional(),
  supportEmail: z.string().optional(),
  supportPhone: z.string().optional(),
  logoUrl: z
    .string()
    .optional()
    .describe('Where pages load the logo from (this service, a path); absent when there is none'),
  settings: MerchantSettings,
});
export type Merchant = z.infer<typeof Merchant>;

export const MerchantLogoParams = z.object({ merchantId: Uuid });
/**
 * Each environment has its own logo (the sandbox's copy of the profile, docs/merchant-profile.md): the
 * logoUrl a page or the API gives names its environment; without one, production's.
 */
export const MerchantLogoQuery = z.object({
  v: z.string().max(20).optional().describe("The logo's version: a new upload, a new URL"),
  environment: Environment.optional().describe("Whose logo: production's when absent"),
});
