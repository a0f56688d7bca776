/** What the windows read of the kiosk: its state, and the customer display's share of it. */
import { displayStateOf } from '../../../shared/bridge';
import type { AreaHandlers } from '../dispatcher';
import type { KioskContext } from './context';

export function stateCommands(ctx: KioskContext): AreaHandlers<'state'> {
  return {
    getState: () => ctx.state(),
    getDisplayState: () => displayStateOf(ctx.state()),
  };
}
