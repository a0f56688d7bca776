/** The staff PIN's own commands (src/main/kiosk/commands/staff-pin.ts). */
import { z } from 'zod';
import { command, Done, NewPin, Pin } from './fields';

export const staffPinBridge = {
  /** First start: the shop chooses its staff PIN (refused once one is set). */
  chooseStaffPin: command({ input: z.object({ newPin: NewPin }), reply: Done('staffPinSet') }),
  /** Settings: a new staff PIN, behind the current one. */
  changeStaffPin: command({
    input: z.object({ pin: Pin, newPin: NewPin }),
    reply: Done('changed'),
    staff: true,
  }),
  /** The PIN prompt in front of every staff-only screen; the commands behind it check it again. */
  checkStaffPin: command({ input: z.object({ pin: Pin }), reply: Done('ok'), staff: true }),
};
