/**
 * A kiosk command that a test expects to succeed, given to the core as a window would give it:
 * its reply read with the contract's schema for that command (typed, and checked), or the test
 * fails with the core's own message.
 */
import {
  parseReply,
  type BridgeReply,
  type CommandName,
  type ReplyOf,
} from '../../src/shared/bridge';

/** The command as a test writes it: its type and its input before defaults are applied. */
type Sent<K extends CommandName> = { type: K } & Record<string, unknown>;

export async function ok<K extends CommandName>(
  core: { handle(raw: unknown): Promise<BridgeReply> },
  command: Sent<K>,
): Promise<ReplyOf<K>> {
  const reply = parseReply(command.type, await core.handle(command));
  if (!reply.ok) throw new Error(`${JSON.stringify(command)} failed: ${reply.error.message}`);
  return reply.result;
}

type Started = ReplyOf<'startPayment'>;

/** A started payment that went straight to the display (the test expects no line). */
export function onDisplay(started: Started) {
  if (started.queued === true)
    throw new Error(`the payment was held at position ${started.position}`);
  if (started.queued) throw new Error("the payment is waiting for the customer's tip");
  return started.payment;
}

/** A started payment held in line behind the one on the display. */
export function inLine(started: Started) {
  if (!started.queued) throw new Error('the payment went straight to the display');
  return started.held;
}

/**
 * Adds staff as the console does: the owner (whose PIN is `pin`) signs in first, since once the
 * shop has staff besides its owner every payment and staff command needs someone signed in.
 * The owner stays signed in.
 */
export async function addStaff(
  core: { handle(raw: unknown): Promise<BridgeReply> },
  pin: string,
  people: { name: string; role: 'cashier' | 'manager' | 'owner'; newPin: string }[],
): Promise<ReplyOf<'addStaff'>[]> {
  await ok(core, { type: 'signIn', pin });
  const added: ReplyOf<'addStaff'>[] = [];
  for (const person of people) added.push(await ok(core, { type: 'addStaff', pin, ...person }));
  return added;
}
