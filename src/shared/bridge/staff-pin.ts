/**
 * The kiosk's staff (src/main/kiosk/commands/staff-pin.ts): choosing the owner's PIN on first
 * start, signing in and out at the PIN pad, managing staff in Settings, the shop's idle time and
 * approval amount, a manager's approval on the spot, and who did what to a payment.
 */
import { z } from 'zod';
import { command, Done, Empty, Id, NewPin, Pence, Pin } from './fields';

export const StaffRole = z.enum(['cashier', 'manager', 'owner']);
export const StaffMember = z.object({ id: z.string(), name: z.string(), role: StaffRole });
export type StaffMember = z.infer<typeof StaffMember>;
/** A name as typed; the kiosk refuses control characters and blanks with its own words. */
const StaffName = z.string().max(100, 'must be at most 40 characters');

export const StaffSettings = z.object({
  /** Minutes without a touch at the console before whoever is signed in is signed out. */
  idleMinutes: z
    .number({ message: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(240, 'must be at most 240 minutes'),
  /** A cashier's refund above this needs a manager's approval. */
  approvalRefundPence: z
    .number({ message: 'must be an amount' })
    .int('must be a whole number of pence')
    .min(0, 'must not be negative')
    .max(100_000_000, 'is too large'),
});
export type StaffSettings = z.infer<typeof StaffSettings>;

/** What a cashier does only with a manager's approval ('price': lowering a basket line's price). */
export const ApprovedAction = z.enum(['refund', 'release', 'cancel', 'price']);

export const StaffAction = z.object({
  action: z.enum(['payment', 'refund', 'capture', 'release', 'cancel', 'price']),
  refundId: z.string().nullable(),
  amountPence: Pence.nullable(),
  staff: StaffMember,
  approvedBy: StaffMember.nullable(),
  at: z.string(),
  /** A price override: the line's description and the price of one it had (amountPence: now). */
  description: z.string().optional(),
  fromPence: Pence.optional(),
});
export type StaffAction = z.infer<typeof StaffAction>;

export const staffPinBridge = {
  /** First start: the shop's owner chooses their PIN (refused once there is an owner). */
  chooseStaffPin: command({
    input: z.object({ newPin: NewPin, name: StaffName.optional() }),
    reply: Done('staffPinSet'),
  }),
  /** Settings: a new PIN for the person signed in (or whoever's PIN `pin` is), behind it. */
  changeStaffPin: command({
    input: z.object({ pin: Pin, newPin: NewPin }),
    reply: Done('changed'),
    staff: true,
  }),
  /** The PIN prompt in front of a staff-only screen; the commands behind it check it again. */
  checkStaffPin: command({
    input: z.object({ pin: Pin, role: StaffRole.optional() }),
    reply: Done('ok'),
    staff: true,
  }),
  /** The console's PIN pad: the person whose PIN it is is signed in. */
  signIn: command({ input: z.object({ pin: Pin }), reply: StaffMember, staff: true }),
  signOut: command({ input: Empty, reply: Done('signedOut') }),
  listStaff: command({
    input: z.object({ pin: Pin }),
    reply: z.object({
      /** `fromDashboard`: pushed from the dashboard, so changed or removed only there. */
      staff: z.array(StaffMember.extend({ fromDashboard: z.boolean().optional() })),
      settings: StaffSettings,
    }),
    staff: true,
    role: 'manager',
  }),
  addStaff: command({
    input: z.object({ pin: Pin, name: StaffName, role: StaffRole, newPin: NewPin }),
    reply: StaffMember,
    staff: true,
    role: 'manager',
  }),
  updateStaff: command({
    input: z.object({
      pin: Pin,
      id: z.string().min(1).max(100),
      name: StaffName.optional(),
      role: StaffRole.optional(),
      newPin: NewPin.optional(),
    }),
    reply: StaffMember,
    staff: true,
    role: 'manager',
  }),
  removeStaff: command({
    input: z.object({ pin: Pin, id: z.string().min(1).max(100) }),
    reply: Done('removed'),
    staff: true,
    role: 'manager',
  }),
  saveStaffSettings: command({
    input: z.object({ pin: Pin, settings: StaffSettings }),
    reply: StaffSettings,
    staff: true,
    role: 'manager',
  }),
  /**
   * A manager's or owner's own PIN approving a cashier's refund, release or cancel of one
   * payment, or one price override (its `overrideId` in `paymentRequestId`), on the spot: the
   * command, sent again, goes through once (within two minutes).
   */
  approve: command({
    input: z.object({ approverPin: Pin, action: ApprovedAction, paymentRequestId: Id }),
    reply: z.object({ approvedBy: StaffMember }),
  }),
  /**
   * A basket line's price of one lowered at the console, from `fromPence` to `toPence` (a price
   * override): a cashier signed in needs a manager's approval for it (refused on `approverPin`
   * until `approve` with `action: 'price'` and this `overrideId`); it is recorded beside the
   * payment the line is then paid in. A price raised, or kept, is no override.
   */
  overridePrice: command({
    input: z.object({
      overrideId: z.uuid({ message: 'must be an id of the console’s making' }),
      description: z.string().max(100, 'must be at most 100 characters'),
      fromPence: Pence,
      toPence: Pence,
    }),
    reply: z.object({ approvedBy: StaffMember.nullable() }),
  }),
  /** Who took, refunded, captured, released or cancelled a payment here, and who approved. */
  staffActions: command({
    input: z.object({ paymentRequestId: Id }),
    reply: z.object({ actions: z.array(StaffAction) }),
  }),
};
