/**
 * What the windows read of the kiosk: its whole state (the staff console) and the customer
 * display's share of it, the one read a display on the LAN may make
 * (src/main/kiosk/commands/state.ts).
 */
import { z } from 'zod';
import { Environment } from '../contract/common';
import { command, Empty, Pence } from './fields';
import { DraftBasket, HeldPayment, KioskPayment, TipStep } from './payments';
import { PrintJob, ReceiptPrinter } from './printer';

/** Today's takings; `totalPence` is net of the refunds completed today (`refundedPence`). */
export const Takings = z.object({
  count: z.number(),
  totalPence: Pence,
  tipsPence: Pence,
  refundedPence: Pence,
});

export const ConnectionState = z.enum(['connecting', 'connected', 'reconnecting', 'offline']);

export const KioskState = z.object({
  pairing: z.discriminatedUnion('paired', [
    z.object({ paired: z.literal(false) }),
    z.object({
      paired: z.literal(true),
      environment: Environment,
      kind: z.enum(['terminal', 'merchant']),
      baseUrl: z.string(),
      terminalName: z.string().nullable(),
      /** The store's language for the customer display (BCP 47; English when absent). */
      displayLanguage: z.string().optional(),
      merchantName: z.string().nullable(),
      /** The shop's logo on the service (an absolute URL), when it has one. */
      merchantLogoUrl: z.string().nullable().optional(),
      /** The store's defaults for the customer display (the customer may change them there). */
      displayHighContrast: z.boolean().optional(),
      displayLargeText: z.boolean().optional(),
    }),
  ]),
  /** The push channel's state; `offline` also when the service cannot be reached at all. */
  connection: ConnectionState,
  online: z.boolean(),
  active: KioskPayment.nullable(),
  /** Payment requests waiting for the display (pushed from the dashboard), next first. */
  queue: z.array(KioskPayment),
  /** Counter payments waiting for the display, after `queue`; created when their turn comes. */
  held: z.array(HeldPayment),
  /**
   * Cash sales made while the service was out of reach, kept by the kiosk and waiting to be
   * sent to it in order; `error` says why the oldest has not gone (a refusal holds the queue).
   */
  offlineWork: z.object({ waiting: z.number().int(), error: z.string().nullable() }).optional(),
  /** The terminal's largest payment (the service's `maxAmount`, in pence); null when unknown. */
  maxPence: Pence.nullable(),
  /** The kiosk's locale for dates and numbers (BCP 47, default en-GB). */
  locale: z.string(),
  /** The shop's time zone (IANA, default Europe/London): its calendar day is the shop's day. */
  timeZone: z.string(),
  /** The shop's date now (yyyy-mm-dd in `timeZone`): what "today" means on every screen. */
  today: z.iso.date(),
  takings: Takings,
  /** Full-screen kiosk mode, which staff leave with the PIN (leaveKioskMode). */
  kioskMode: z.boolean(),
  /**
   * Kiosk mode was on at some time since the kiosk started (`--kiosk`), so staff who left it may
   * return to it; without it, Settings offers no way into a mode the shop never used.
   */
  kioskModeWasOn: z.boolean().optional(),
  /**
   * Who is signed in at the console (null: nobody), and the shop's staff settings: the idle
   * time after which the console signs out, and the refund amount a cashier needs approval above.
   */
  staff: z
    .object({
      signedIn: z
        .object({ id: z.string(), name: z.string(), role: z.enum(['cashier', 'manager', 'owner']) })
        .nullable(),
      idleMinutes: z.number().int(),
      approvalRefundPence: Pence,
      /** Locked from the dashboard: only a manager's or the owner's sign-in opens it. */
      locked: z.boolean().optional(),
      /**
       * The shop has staff besides its one owner: payments, refunds, shifts and every staff
       * command need someone signed in (the console shows the PIN pad instead).
       */
      signInRequired: z.boolean().optional(),
    })
    .optional(),
  /** Whether the shop has chosen its staff PIN; until then every staff-only command is refused. */
  staffPinSet: z.boolean(),
  /**
   * A tablet on the LAN as the customer display (`--lan`): where it opens and the display code
   * it needs now. The code changes after each use and when it expires.
   */
  lanDisplay: z.object({ url: z.string(), code: z.string(), expiresAt: z.string() }).nullable(),
  /** The network receipt printer named in Settings; null prints through the system instead. */
  receiptPrinter: ReceiptPrinter.nullable(),
  /** Receipts waiting for the receipt printer (it could not be reached), oldest first. */
  printJobs: z.array(PrintJob),
  /** The basket being built for the next payment, as the customer display shows it. */
  basket: DraftBasket.nullable().optional(),
  /** The customer display is asking the customer's tip for this counter payment (Skip tip). */
  tipStep: TipStep.nullable().optional(),
  /**
   * What the merchant sets for this kiosk from the dashboard (docs/fleet.md): the settings in
   * force and the fields locked against staff at the counter; null until the kiosk has heard.
   */
  central: z
    .object({
      settings: z.record(z.string(), z.unknown()),
      locked: z.array(z.string()),
      from: z.record(z.string(), z.string()),
    })
    .nullable()
    .optional(),
});
export type KioskState = z.infer<typeof KioskState>;

/**
 * A payment as the customer display shows it, and all a display is ever sent of one: what the
 * customer reads (amount, note, status) and what they scan. No customer, card, order or history.
 */
export const DisplayPayment = KioskPayment.pick({
  paymentRequestId: true,
  amountPence: true,
  currency: true,
  notes: true,
  status: true,
  tipPence: true,
  paymentUrl: true,
  qrCodeUrl: true,
  templateUrl: true,
  expiresAt: true,
  final: true,
  receiptUrl: true,
  lines: true,
  cash: true,
  tipChosenPence: true,
});
export type DisplayPayment = z.infer<typeof DisplayPayment>;

/** Everything the customer display needs; a display on the LAN receives nothing else. */
export const DisplayState = z.object({
  shopName: z.string().nullable(),
  /** The shop's logo on the service, shown as an image beside its name; null without one. */
  shopLogoUrl: z.string().nullable().optional(),
  /**
   * The store's defaults for the display's high contrast and larger text; the customer switches
   * either on the display itself, until their payment ends.
   */
  displayHighContrast: z.boolean().optional(),
  displayLargeText: z.boolean().optional(),
  locale: z.string(),
  active: DisplayPayment.nullable(),
  /** Payment requests waiting for the display, next first (as the customer will see them). */
  queue: z.array(DisplayPayment),
  /** The basket being built for the next payment (each line as staff add it). */
  basket: DraftBasket.nullable().optional(),
  /** A tip to choose before the QR code of this counter payment (the tip step). */
  tipStep: TipStep.nullable().optional(),
  /**
   * The store's language for the display (BCP 47); the customer picks another there, which
   * lasts until their payment ends. English when absent.
   */
  displayLanguage: z.string().optional(),
  /**
   * What the idle screen says, as the merchant sets it for this store or kiosk
   * (`idleScreenText`, docs/fleet.md); absent, the display's own welcome in its language.
   */
  idleScreenText: z.string().optional(),
});
export type DisplayState = z.infer<typeof DisplayState>;

function displayPayment(p: KioskPayment): DisplayPayment {
  return {
    paymentRequestId: p.paymentRequestId,
    amountPence: p.amountPence,
    currency: p.currency,
    notes: p.notes,
    status: p.status,
    tipPence: p.tipPence,
    paymentUrl: p.paymentUrl,
    qrCodeUrl: p.qrCodeUrl,
    templateUrl: p.templateUrl,
    expiresAt: p.expiresAt,
    final: p.final,
    ...(p.receiptUrl ? { receiptUrl: p.receiptUrl } : {}),
    ...(p.lines?.length ? { lines: p.lines } : {}),
    ...(p.cash ? { cash: p.cash } : {}),
    ...(p.tipChosenPence !== undefined ? { tipChosenPence: p.tipChosenPence } : {}),
  };
}

/** The display's share of the kiosk state, field by field (never a copy with fields removed). */
export function displayStateOf(state: KioskState): DisplayState {
  return {
    shopName: state.pairing.paired ? state.pairing.merchantName : null,
    shopLogoUrl: state.pairing.paired ? (state.pairing.merchantLogoUrl ?? null) : null,
    displayHighContrast: storeDefault(state, 'displayHighContrast'),
    displayLargeText: storeDefault(state, 'displayLargeText'),
    locale: state.locale,
    active: state.active ? displayPayment(state.active) : null,
    queue: state.queue.map(displayPayment),
    basket: state.basket ?? null,
    tipStep: state.tipStep ?? null,
    ...(storeLanguage(state) ? { displayLanguage: storeLanguage(state) } : {}),
    ...(idleText(state) ? { idleScreenText: idleText(state) } : {}),
  };
}

/**
 * The merchant's idle screen text once a level sets it; the default ("Welcome") leaves the
 * display its own welcome, in the customer's language.
 */
function idleText(state: KioskState): string | undefined {
  if (!state.pairing.paired || !state.central) return undefined;
  const set = state.central.settings.idleScreenText;
  const from = state.central.from.idleScreenText;
  return typeof set === 'string' && set && from && from !== 'default' ? set : undefined;
}

/**
 * The shop's language for the display: the merchant's kiosk setting for this store or kiosk
 * (`displayLanguage`, docs/fleet.md) once heard, else what the pairing said.
 */
function storeLanguage(state: KioskState): string | undefined {
  if (!state.pairing.paired) return undefined;
  const set = state.central?.settings.displayLanguage;
  return typeof set === 'string' && set ? set : state.pairing.displayLanguage;
}

/**
 * The store's default for the display's high contrast or larger text: the merchant's kiosk
 * setting for this store or kiosk (docs/fleet.md) once heard, else what the pairing said.
 */
function storeDefault(state: KioskState, key: 'displayHighContrast' | 'displayLargeText'): boolean {
  if (!state.pairing.paired) return false;
  const set = state.central?.settings[key];
  return typeof set === 'boolean' ? set : state.pairing[key] === true;
}

export const stateBridge = {
  getState: command({ input: Empty, reply: KioskState }),
  /** What the customer display shows; the one read a display on the LAN may make. */
  getDisplayState: command({ input: Empty, reply: DisplayState, display: true }),
};
