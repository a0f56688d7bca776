/**
 * What every area of the bridge builds its commands from: the fields they share (a payment's id,
 * the staff PIN, amounts in pence, the service's address) and `command`, which names one
 * command's input, reply and who may give it.
 */
import { z } from 'zod';
import { formatPence, MAX_PENCE } from '../money';

export const Id = z.uuid({ message: 'must be a payment request id' });
/** The staff PIN: 4 to 8 digits, chosen in the console (docs/kiosk.md). */
export const Pin = z.string().regex(/^\d{4,8}$/, 'must be the 4-8 digit staff PIN');
export const NewPin = z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');
/**
 * An amount a window sends the core: integer pence, as the keypad holds it. The core turns it
 * into the service's decimal pounds once, where it calls the service.
 */
export const PositivePence = z
  .number({ message: 'must be an amount in pence' })
  .int('must be a whole number of pence')
  .positive('must be greater than 0')
  .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`);
/** A card-on-file charge or capture: the service takes at least £1.00 (`CardChargeBody`). */
export const CardPence = PositivePence.min(100, `must be at least ${formatPence(100)}`);
/**
 * An amount the core answers a window with: integer pence, as the kiosk keeps it. Windows format
 * it for display (`formatPence`); only the core's calls to the service speak pounds.
 */
export const Pence = z.number().int();
export const ServiceUrl = z
  .url('must be the payments service address, e.g. http://127.0.0.1:4010')
  .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://');
/** The id of something the kiosk keeps in a line (a held payment, a kept receipt). */
export const LineId = z.string().min(1).max(100);

/**
 * One command of the bridge: what it takes (`input`, without its `type`), what it answers
 * (`reply`), and who may give it. `staff`: only behind the staff PIN, which the command carries
 * as `pin` and the core checks before its handler runs; this flag is the one place that decides.
 * `display`: a customer display on the LAN may give it (it may give nothing else).
 */
export interface CommandDef {
  input: z.ZodObject;
  reply: z.ZodType;
  staff?: true;
  /** A `staff` command only a manager or the owner may give (the core checks the PIN's role). */
  role?: 'manager' | 'owner';
  /**
   * Given only by someone signed in at the console once the shop has staff besides its one
   * owner (every `staff` command but `signIn` is too), so each sale names who took it.
   */
  signedIn?: true;
  display?: true;
}

export const command = <const C extends CommandDef>(c: C): C => c;
export const Empty = z.object({});
/** A reply that only says it was done: `{ [key]: true }`. */
export const Done = <K extends string>(key: K) =>
  z.object({ [key]: z.literal(true) }) as z.ZodObject<{
    [P in K]: z.ZodLiteral<true>;
  }>;
