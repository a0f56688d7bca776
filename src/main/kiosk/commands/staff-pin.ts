/** The staff PIN's own commands: choosing it on first start, changing it, the prompt's check. */
import type { AreaHandlers } from '../dispatcher';
import { KioskError } from '../kiosk-error';
import { PIN_LOCKED, PIN_WRONG } from '../staff-pin';
import type { KioskContext } from './context';

export function staffPinCommands(ctx: KioskContext): AreaHandlers<'staffPin'> {
  return {
    async chooseStaffPin({ newPin }) {
      const refusal = await ctx.staffPin.choose(newPin);
      if (refusal) throw new KioskError(refusal, 'newPin');
      ctx.emitState();
      return { staffPinSet: true };
    },
    async changeStaffPin({ pin, newPin }) {
      const refusal = await ctx.staffPin.change(pin, newPin);
      if (refusal)
        throw new KioskError(refusal, [PIN_WRONG, PIN_LOCKED].includes(refusal) ? 'pin' : 'newPin');
      return { changed: true };
    },
    // The dispatcher checked the PIN before this runs, as it does for every staff command.
    checkStaffPin: () => ({ ok: true }),
  };
}
