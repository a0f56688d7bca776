/**
 * The kiosk bridge: the one typed set of commands and events between the kiosk core (main
 * process) and its windows (staff console, customer display). Electron IPC (through the preload)
 * and browser mode's WebSocket carry exactly these messages, and both ends parse them.
 *
 * Each area keeps its commands and their schemas in its own module (bridge/<area>.ts, beside the
 * kiosk's handlers in src/main/kiosk/commands/<area>.ts); this module merges them into the one
 * contract everything else imports and derives the rest from it.
 */
import { z } from 'zod';
import { cardOnFileBridge } from './bridge/card-on-file';
import { endOfDayBridge } from './bridge/end-of-day';
import { historyBridge } from './bridge/history';
import { moreTimeBridge } from './bridge/more-time';
import { KioskPayment, StatusChange, paymentsBridge } from './bridge/payments';
import { printerBridge } from './bridge/printer';
import { KioskRefund, refundsBridge } from './bridge/refunds';
import { settingsBridge } from './bridge/settings';
import { DisplayState, KioskState, stateBridge } from './bridge/state';
import { staffPinBridge } from './bridge/staff-pin';
import { shiftsBridge } from './bridge/shifts';

export type { CommandDef } from './bridge/fields';
export { CustomerLookup } from './bridge/card-on-file';
export { EndOfDayAnswer, EndOfDayReport } from './bridge/end-of-day';
export { HistoryPage, PaymentDetail } from './bridge/history';
export { MoreTime } from './bridge/more-time';
export {
  BasketLine,
  CashSale,
  DraftBasket,
  DrawerResult,
  HeldPayment,
  KioskPayment,
  StartPaymentResult,
  StatusChange,
  TipStep,
} from './bridge/payments';
export { PrintJob, ReceiptPrinter } from './bridge/printer';
export { KioskRefund } from './bridge/refunds';
export { PairingSummary } from './bridge/settings';
export {
  ConnectionState,
  DisplayPayment,
  DisplayState,
  displayStateOf,
  KioskState,
  Takings,
} from './bridge/state';

export const BRIDGE_CHANNEL = 'counter:bridge';

/** Each area's commands; a command belongs to exactly one area (bridge.test.ts). */
export const bridgeAreas = {
  state: stateBridge,
  staffPin: staffPinBridge,
  settings: settingsBridge,
  payments: paymentsBridge,
  history: historyBridge,
  endOfDay: endOfDayBridge,
  refunds: refundsBridge,
  printer: printerBridge,
  cardOnFile: cardOnFileBridge,
  moreTime: moreTimeBridge,
  shifts: shiftsBridge,
};

/**
 * The whole bridge as one object, as `contract/routes.ts` is the whole HTTP interface: the core
 * validates every command's input and reply with it (main/kiosk/dispatcher.ts), and the windows
 * send and read through it (renderer `runCommand`). Its type is the merge of the areas' types,
 * so the core's `Handlers` needs a handler for every command of every area.
 * docs/kiosk-core.md: adding a command.
 */
export const bridgeCommands = {
  ...stateBridge,
  ...staffPinBridge,
  ...settingsBridge,
  ...paymentsBridge,
  ...historyBridge,
  ...endOfDayBridge,
  ...refundsBridge,
  ...printerBridge,
  ...cardOnFileBridge,
  ...moreTimeBridge,
  ...shiftsBridge,
};
export type BridgeCommands = typeof bridgeCommands;
export type CommandName = keyof BridgeCommands;
/** The commands of one area (`bridgeAreas`), by name. */
export type AreaCommandName<A extends keyof typeof bridgeAreas> = keyof (typeof bridgeAreas)[A] &
  CommandName;

/** An input's fields; a command without any (`z.object({})`, a string index of never) has none. */
type Fields<T> = string extends keyof T ? unknown : T;
/** A command as sent: its `type` and its input, parsed (trimmed, defaults applied). */
export type CommandOf<K extends CommandName> = { type: K } & Fields<
  z.output<BridgeCommands[K]['input']>
>;
export type BridgeCommand = { [K in CommandName]: CommandOf<K> }[CommandName];
/** What command `K` answers when it succeeds. */
export type ReplyOf<K extends CommandName> = z.output<BridgeCommands[K]['reply']>;

const commandNames = Object.keys(bridgeCommands) as CommandName[];
export const isCommandName = (name: unknown): name is CommandName =>
  typeof name === 'string' && Object.hasOwn(bridgeCommands, name);

/** Each command's whole schema: its input with its `type`. */
const commandSchemas = {} as Record<CommandName, z.ZodObject>;
for (const type of commandNames)
  commandSchemas[type] = (bridgeCommands[type].input as z.ZodObject).extend({
    type: z.literal(type),
  });

/** Any command, parsed by its `type`; what the preload and the renderer check before sending. */
export const BridgeCommand = z.discriminatedUnion(
  'type',
  Object.values(commandSchemas) as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<BridgeCommand>;

/**
 * The commands only staff may give: each carries the staff PIN, and the core checks it (one
 * guard, one lockout) before it does anything. `checkStaffPin` is the prompt in front of them.
 */
export const STAFF_COMMANDS = commandNames.filter((name) => 'staff' in bridgeCommands[name]);
export type StaffCommand = Extract<BridgeCommand, { pin: string }>;
export const isStaffCommand = (command: BridgeCommand): command is StaffCommand =>
  'staff' in bridgeCommands[command.type];
/**
 * The commands that need someone signed in once the shop has staff besides its owner: those
 * marked `signedIn`, and every staff command but the sign-in itself.
 */
export const needsSignIn = (command: BridgeCommand): boolean =>
  'signedIn' in bridgeCommands[command.type] ||
  (isStaffCommand(command) && command.type !== 'signIn');
/** The commands a customer display on the LAN may give. */
export const isDisplayCommand = (name: unknown): boolean =>
  isCommandName(name) && 'display' in bridgeCommands[name];

const Failure = z.object({ message: z.string(), field: z.string().optional() });
export type BridgeFailure = z.infer<typeof Failure>;

/**
 * Every command answers either its reply or an error with a message meant for staff. On the
 * wire (IPC, WebSocket) the result is any command's; `parseReply` reads it as one command's.
 */
export const BridgeReply = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: Failure }),
]);
export type BridgeReply = z.infer<typeof BridgeReply>;
export type BridgeReplyOf<K extends CommandName> =
  { ok: true; result: ReplyOf<K> } | { ok: false; error: BridgeFailure };

/** The first problem of a failed parse, worded "path: message" and naming the field. */
export function firstIssue(error: z.ZodError, whole: string): BridgeFailure {
  const issue = error.issues[0]!;
  const path = issue.path.join('.');
  return { message: `${path || whole}: ${issue.message}`, ...(path ? { field: path } : {}) };
}

/**
 * A reply read as command `type`'s: a result that is not its `reply` schema is turned into an
 * error (naming the field), so neither end ever acts on a shape the contract does not describe.
 */
export function parseReply<K extends CommandName>(type: K, reply: BridgeReply): BridgeReplyOf<K> {
  if (!reply.ok) return reply;
  const parsed = bridgeCommands[type].reply.safeParse(reply.result);
  if (parsed.success) return { ok: true, result: parsed.data as ReplyOf<K> };
  const problem = firstIssue(parsed.error, 'reply');
  return {
    ok: false,
    error: { message: `The kiosk answered ${type} with something unexpected (${problem.message})` },
  };
}

export const BridgeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: KioskState }),
  z.object({ type: z.literal('paymentChanged'), payment: KioskPayment, change: StatusChange }),
  z.object({ type: z.literal('refundChanged'), refund: KioskRefund }),
  /** What the customer display shows changed (sent with every state change). */
  z.object({ type: z.literal('display'), display: DisplayState }),
  /** A LAN display's session ran out: the page reloads and asks for the display code again. */
  z.object({ type: z.literal('displaySessionExpired') }),
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;

/** What the preload exposes on `window.counter`, and what browser mode provides the same way. */
export interface BridgeApi {
  invoke(command: BridgeCommand): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}
