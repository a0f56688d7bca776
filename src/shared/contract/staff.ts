/**
 * Staff known to the service (docs/kiosk.md, Staff from the dashboard): each store's people, with
 * the role and PIN the merchant sets, pushed to that store's kiosks (TERMINAL_STAFF) so they sign
 * in there with that PIN. Only a scrypt hash of a PIN is kept or sent, never the PIN. A payment,
 * cash sale or refund taken at a kiosk by someone signed in says who (`staff`).
 */
import { z } from 'zod';
import { Timestamp, Uuid, safeText } from './common';

export const StaffRole = z.enum(['cashier', 'manager', 'owner'], {
  message: 'must be cashier, manager or owner',
});
export type StaffRole = z.infer<typeof StaffRole>;

/** One line staff see on every screen: no control characters, 1-40 characters. */
export const StaffName = safeText({ message: 'must be text' })
  .trim()
  .min(1, 'must not be blank')
  .max(40, 'must be at most 40 characters');
export const StaffPin = z
  .string({ message: 'must be 4 to 8 digits' })
  .regex(/^\d{4,8}$/, 'must be 4 to 8 digits');

export const StaffMember = z.object({
  id: Uuid,
  storeId: Uuid,
  name: z.string(),
  role: StaffRole,
  /** An inactive member is kept but cannot sign in at the store's kiosks. */
  active: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.object({ staff: z.array(StaffMember) });

export const StaffCreateBody = z
  .object({
    name: StaffName,
    role: StaffRole,
    pin: StaffPin.describe('The PIN they sign in with at the kiosk; only its hash is kept'),
    active: z.boolean({ message: 'must be true or false' }).default(true),
  })
  .strict();
export const StaffUpdateBody = z
  .object({
    name: StaffName.optional(),
    role: StaffRole.optional(),
    pin: StaffPin.optional(),
    active: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'name, role, pin or active is required',
    path: ['name'],
  });
export const StaffParams = z.object({ id: Uuid, staffId: Uuid });

/** How the kiosk checks a pushed member's PIN: scrypt's salt, key and cost (base64). */
export const StaffPinHash = z.object({
  salt: z.string(),
  hash: z.string(),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
});
/** The TERMINAL_STAFF push event's data: the store's active staff, each with their PIN's hash. */
export const TerminalStaffPush = z.object({
  terminalId: Uuid,
  storeId: Uuid,
  staff: z.array(z.object({ id: Uuid, name: z.string(), role: StaffRole, pinHash: StaffPinHash })),
});
export type TerminalStaffPush = z.infer<typeof TerminalStaffPush>;

/**
 * Who took a payment, cash sale or refund at a kiosk, as the kiosk names them: a member of the
 * terminal's store (the service's name and role are recorded) or someone the kiosk alone knows.
 */
export const StaffTakenBy = z
  .object({
    // A kiosk's own staff have ids of the kiosk's making (its first owner's is "owner").
    id: safeText({ message: 'must be text' }).trim().min(1, 'must not be blank').max(100),
    name: StaffName,
    role: StaffRole,
  })
  .strict()
  .describe(
    'Who took it at the kiosk (extension): a member of the terminal’s store, or a person kept by the kiosk alone',
  );
/** `staff` on the records: who took it, absent when unknown. */
export const StaffRecord = z.object({ id: z.string(), name: z.string(), role: StaffRole });
export type StaffRecord = z.infer<typeof StaffRecord>;
