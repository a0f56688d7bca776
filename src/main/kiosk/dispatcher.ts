/**
 * The bridge's one way in: every command a window sends passes here. The dispatcher parses the
 * command with its own input schema from the contract (src/shared/bridge.ts `bridgeCommands`),
 * checks the staff PIN when the contract marks the command `staff`, runs the command's handler
 * (src/main/kiosk/commands/, one file per area) and checks the handler's answer against the
 * command's reply schema before any window sees it.
 */
import {
  BridgeCommand,
  firstIssue,
  isStaffCommand,
  isCommandName,
  parseReply,
  type AreaCommandName,
  type bridgeAreas,
  type BridgeReply,
  type CommandName,
  type CommandOf,
  type ReplyOf,
} from '../../shared/bridge';
import { explain, KioskError } from './kiosk-error';

export type Handler<K extends CommandName> = (
  command: CommandOf<K>,
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
  /** Why `pin` does not open the staff area, or null when it does (staff-pin.ts `check`). */
  checkStaffPin: (pin: string) => Promise<string | null>;
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

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const log = options.log ?? (() => {});

  async function run(command: BridgeCommand): Promise<BridgeReply> {
    // Every staff-only command passes the one PIN guard first; its handler never runs without it.
    if (isStaffCommand(command)) {
      const refusal = await options.checkStaffPin(command.pin);
      if (refusal) return failure(new KioskError(refusal, 'pin'));
    }
    // The handler registered under the command's own name takes exactly that command.
    const handler = options.handlers[command.type] as (command: BridgeCommand) => unknown;
    const reply = parseReply(command.type, { ok: true, result: await handler(command) });
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
      try {
        return await run(parsed.data);
      } catch (error) {
        return failure(explain(error));
      }
    },
  };
}
