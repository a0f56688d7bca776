/**
 * Kiosk settings set centrally (docs/fleet.md, Kiosk settings by store): what each kiosk used to
 * keep for itself (tips, printing a receipt after each payment, the idle screen's text, the
 * keypad's largest amount, the sign-out time, the customer display's language and accessibility
 * defaults), set for the merchant, overridden per store and per kiosk. Each level also names the
 * fields it locks: staff at the counter may change only what no level locks.
 */
import { z } from 'zod';
import { formatPence } from '../money';
import { Timestamp, Uuid, safeText } from './common';

/** Every field is optional: a level sets only what it overrides. */
export const KioskSettings = z
  .object({
    /** The customer is offered a tip on the display. */
    tipsEnabled: z.boolean({ message: 'must be true or false' }),
    /** The tip percentages offered, in order (1-4 of them, each 1-50). */
    tipPercentages: z
      .array(
        z
          .number({ message: 'must be whole percentages' })
          .int('must be whole percentages')
          .min(1, 'must be 1-50 each')
          .max(50, 'must be 1-50 each'),
        { message: 'must be a list of percentages' },
      )
      .min(1, 'must offer at least one percentage')
      .max(4, 'must offer at most 4 percentages'),
    /** A receipt is printed after each completed payment. */
    printReceiptAfterPayment: z.boolean({ message: 'must be true or false' }),
    /** What the customer display shows while no payment is waiting. */
    idleScreenText: safeText()
      .trim()
      .min(1, 'must not be blank')
      .max(120, 'must be at most 120 characters'),
    /** The largest amount the keypad takes, in pence. */
    keypadMaxPence: z
      .number({ message: 'must be a whole number of pence' })
      .int('must be a whole number of pence')
      .min(1, 'must be at least 1 penny')
      .max(100_000_000, 'is too large'),
    /** Minutes without a touch at the console before whoever is signed in is signed out. */
    signOutMinutes: z
      .number({ message: 'must be a number of minutes' })
      .int('must be a whole number of minutes')
      .min(1, 'must be at least 1 minute')
      .max(240, 'must be at most 240 minutes'),
    /** The customer display's language (BCP 47, such as en or cy). */
    displayLanguage: z
      .string({ message: 'must be a language code' })
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as en or cy'),
    /** The customer display starts in high contrast. */
    displayHighContrast: z.boolean({ message: 'must be true or false' }),
    /** The customer display starts with larger text. */
    displayLargeText: z.boolean({ message: 'must be true or false' }),
  })
  .partial()
  .strict();
export type KioskSettings = z.infer<typeof KioskSettings>;

export const KIOSK_SETTING_FIELDS = KioskSettings.keyof().options;
export const KioskSettingField = KioskSettings.keyof();
export type KioskSettingField = z.infer<typeof KioskSettingField>;

/** Where a setting in force comes from. */
export const KioskSettingsLevel = z.enum(['default', 'merchant', 'store', 'terminal']);
export type KioskSettingsLevel = z.infer<typeof KioskSettingsLevel>;

/** One level's document: what it sets and which fields it locks against staff at the counter. */
export const KioskSettingsDocument = z.object({
  settings: KioskSettings,
  locked: z.array(KioskSettingField, { message: 'must be a list of setting names' }),
  updatedAt: Timestamp.nullable(),
});
export type KioskSettingsDocument = z.infer<typeof KioskSettingsDocument>;

/** PUT replaces the level's document; `locked` omitted keeps none locked at this level. */
export const KioskSettingsBody = z
  .object({
    settings: KioskSettings,
    locked: z
      .array(KioskSettingField, { message: 'must be a list of setting names' })
      .max(KIOSK_SETTING_FIELDS.length, 'names a setting twice')
      .default([]),
  })
  .strict();

/** The defaults a kiosk keeps until a level says otherwise. */
export const KIOSK_SETTING_DEFAULTS = {
  tipsEnabled: false,
  tipPercentages: [10, 15, 20],
  printReceiptAfterPayment: false,
  idleScreenText: 'Welcome',
  keypadMaxPence: 100_000,
  signOutMinutes: 15,
  displayLanguage: 'en',
  displayHighContrast: false,
  displayLargeText: false,
} satisfies Required<KioskSettings>;

/** Who set a setting in force, as staff at the counter are told (`from` of the settings). */
export function setBy(from: string | undefined): string {
  if (from === 'store') return 'Set by your store';
  if (from === 'terminal') return 'Set for this kiosk by your merchant';
  return 'Set by your merchant';
}

/** One wording for an amount over the keypad's limit set centrally, at the console and the core. */
export const overKeypadLimit = (pence: number, maxPence: number) =>
  `Amount ${formatPence(pence)} is more than the largest keypad amount your merchant set, ${formatPence(maxPence)}`;

/** A kiosk's settings in force: merchant ← store ← kiosk over the defaults. */
export const EffectiveKioskSettings = z.object({
  terminalId: Uuid,
  storeId: z.string(),
  settings: KioskSettings.required(),
  /** Fields any level locks: read-only at the counter. */
  locked: z.array(KioskSettingField),
  /** Which level each field in force comes from. */
  from: z.record(z.string(), KioskSettingsLevel),
});
export type EffectiveKioskSettings = z.infer<typeof EffectiveKioskSettings>;

export const KioskSettingsChange = z.object({
  id: z.string(),
  level: KioskSettingsLevel.exclude(['default']),
  /** The store's or terminal's id; null for the merchant's own. */
  targetId: z.string().nullable(),
  /** Who changed it: the kind of secret (merchant secret, dashboard). */
  by: z.string(),
  at: Timestamp,
  before: KioskSettingsDocument.omit({ updatedAt: true }),
  after: KioskSettingsDocument.omit({ updatedAt: true }),
});
export const KioskSettingsChanges = z.object({ changes: z.array(KioskSettingsChange) });

/** The TERMINAL_SETTINGS push event's data: the kiosk's settings now in force. */
export const TerminalSettingsPush = EffectiveKioskSettings;

/** What the dashboard may ask one kiosk to do. */
export const TerminalActionKind = z.enum([
  'RELOAD_DISPLAY',
  'PRINT_TEST_PAGE',
  /** Signs out whoever is signed in at the console. */
  'SIGN_OUT_STAFF',
  /** Signs out and locks the console until a manager's or the owner's PIN opens it. */
  'LOCK_CONSOLE',
]);
export type TerminalActionKind = z.infer<typeof TerminalActionKind>;
export const TerminalActionBody = z.object({ action: TerminalActionKind }).strict();
export const TerminalActionStatus = z.enum(['PENDING', 'DONE', 'FAILED']);
export const TerminalAction = z.object({
  id: Uuid,
  terminalId: Uuid,
  action: TerminalActionKind,
  status: TerminalActionStatus,
  /** The kiosk's words on the outcome (empty while pending). */
  message: z.string(),
  requestedBy: z.string(),
  requestedAt: Timestamp,
  doneAt: Timestamp.nullable(),
});
export type TerminalAction = z.infer<typeof TerminalAction>;
export const TerminalActions = z.object({ actions: z.array(TerminalAction) });
/** The kiosk's acknowledgement of an action, with its result. */
export const TerminalActionResult = z
  .object({
    status: TerminalActionStatus.exclude(['PENDING']),
    message: safeText().max(200, 'must be at most 200 characters').default(''),
  })
  .strict();
export const TerminalActionParams = z.object({ id: Uuid, actionId: Uuid });
/** The TERMINAL_ACTION push event's data. */
export const TerminalActionPush = z.object({
  terminalId: Uuid,
  actionId: Uuid,
  action: TerminalActionKind,
});
export type TerminalActionPush = z.infer<typeof TerminalActionPush>;
