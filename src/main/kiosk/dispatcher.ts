/**
 * The bridge's one way in: every command a window sends passes here. The dispatcher parses the
 * command with its own input schema from the contract (src/shared/bridge.ts `bridgeCommands`),
 * checks the staff PIN when the contract marks the command `staff`, runs the command's handler
 * (src/main/kiosk/commands/, one file per area) and checks the handler's answer against the
 * command's reply schema before any window sees it.
 */
import {
  BridgeCommand,
  bridgeCommands,
  firstIssue,
  isStaffCommand,
  isCommandName,
  needsSignIn,
  parseReply,
  type AreaCommandName,
  type bridgeAreas,
  type BridgeReply,
  type CommandName,
  type CommandOf,
  type ReplyOf,
} from '../../shared/bridge';
import { explain, KioskError } from './kiosk-error';
import { atLeast, StaffRefusal, type StaffMember } from './staff-pin';
import { LOCKED_MESSAGE } from './staff-session';

/**
 * A command's handler. A `staff` command's handler is also given who gave it: the person whose
 * PIN the command carries (null for any other command).
 */
export type Handler<K extends CommandName> = (
  command: CommandOf<K>,
  who: StaffMember | null,
) => ReplyOf<K> | Promise<ReplyOf<K>>;
/** One handler for every command of the contract: a command without one does not compile. */
export type Handlers = { [K in CommandName]: Handler<K> };
/**
 * The handlers of one area's commands (src/shared/bridge/<area>.ts), written in
 * commands/<area>.ts: a command of the area without its handler does not compile there either.
 */
export type AreaHandlers<A extends keyof typeof bridgeAreas> = {
  [K in AreaCommandName<A>]: Handler<K>;
};

export interface DispatcherOptions {
  handlers: Handlers;
  /** Whose PIN `pin` is, or why nobody's (staff-pin.ts `identify`). */
  identify: (pin: string) => Promise<StaffMember | StaffRefusal>;
  /** Whether the console is locked from the dashboard: staff commands need a manager then. */
  locked?: () => boolean;
  /**
   * Refuses (a KioskError, nothing done) a command that needs someone signed in when nobody is
   * and the shop has staff besides its owner (staff-session.ts `requireSignedIn`).
   */
  requireSignedIn?: () => void;
  /** Any command but a read of the state: the console is in use (the idle time starts again). */
  touch?: () => void;
  log?: (line: string) => void;
}

export interface Dispatcher {
  /** A command as it arrived from a window; never throws, always answers. */
  handle(raw: unknown): Promise<BridgeReply>;
}

const failure = (error: KioskError): BridgeReply => ({
  ok: false,
  error: { message: error.message, ...(error.field ? { field: error.field } : {}) },
});

/** The role a staff command needs: its contract's `role`, or what the prompt asks for. */
function roleNeeded(command: BridgeCommand): 'manager' | 'owner' | undefined {
  if (command.type === 'checkStaffPin' && command.role && command.role !== 'cashier')
    return command.role;
  const def = bridgeCommands[command.type] as { role?: 'manager' | 'owner' };
  return def.role;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const log = options.log ?? (() => {});

  async function run(command: BridgeCommand): Promise<BridgeReply> {
    // Every staff-only command passes the one PIN guard first; its handler never runs without it.
    let who: StaffMember | null = null;
    // Before the PIN is looked at: a refusal here counts no wrong PIN and changes nothing.
    if (needsSignIn(command)) options.requireSignedIn?.();
    if (isStaffCommand(command)) {
      const found = await options.identify(command.pin);
      if (found instanceof StaffRefusal) return failure(new KioskError(found.message, 'pin'));
      const needed = roleNeeded(command);
      if (options.locked?.() && !atLeast(found.role, 'manager'))
        return failure(new KioskError(LOCKED_MESSAGE, 'pin'));
      if (needed && !atLeast(found.role, needed))
        return failure(
          new KioskError(
            `Only a ${needed === 'owner' ? 'owner' : 'manager or the owner'} can do this; ${found.name} is a ${found.role}`,
            'pin',
          ),
        );
      who = found;
    }
    // The handler registered under the command's own name takes exactly that command.
    const handler = options.handlers[command.type] as (
      command: BridgeCommand,
      who: StaffMember | null,
    ) => unknown;
    const reply = parseReply(command.type, { ok: true, result: await handler(command, who) });
    // A handler answering outside the contract is the kiosk's bug, not staff's: say so plainly
    // and keep the details for the log rather than pass a wrong shape to a window.
    if (!reply.ok) log(`bridge: ${reply.error.message}`);
    return reply;
  }

  return {
    async handle(raw) {
      const type = (raw as { type?: unknown } | null)?.type;
      if (!isCommandName(type))
        return {
          ok: false,
          error: { message: 'type: is not a command of the kiosk', field: 'type' },
        };
      const parsed = BridgeCommand.safeParse(raw);
      if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, 'command') };
      if (type !== 'getState' && type !== 'getDisplayState') options.touch?.();
      try {
        return await run(parsed.data);
      } catch (error) {
        return failure(explain(error));
      }
    },
  };
}
