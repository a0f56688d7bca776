/**
 * The staff's own commands: the owner's PIN on first start, signing in and out, a person's own
 * PIN, managing staff and the shop's staff settings (a manager or the owner: the dispatcher
 * checks the role the contract names), a manager's approval on the spot (a price lowered among
 * what needs it), and who did what.
 */
import type { AreaHandlers } from '../dispatcher';
import { KioskError } from '../kiosk-error';
import { PIN_LOCKED, PIN_WRONG, StaffRefusal, type StaffMember } from '../staff-pin';
import type { KioskContext } from './context';

/** A store refusal as the console's form shows it (the bridge calls the new PIN `newPin`). */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffRefusal)
      throw new KioskError(error.message, error.field === 'pin' ? 'newPin' : error.field);
    throw error;
  }
}

/** The handlers of staff commands run only after the dispatcher identified who gave them. */
const known = (who: StaffMember | null): StaffMember => {
  if (!who) throw new KioskError('Enter your staff PIN', 'pin');
  return who;
};

export function staffPinCommands(ctx: KioskContext): AreaHandlers<'staffPin'> {
  const { staff, staffSession: session } = ctx;
  return {
    async chooseStaffPin({ newPin, name }) {
      const owner = await staff.choose(newPin, name);
      if (owner instanceof StaffRefusal) throw new KioskError(owner.message, owner.field);
      // Not signed in by choosing: the owner signs in on the PIN pad like everyone else.
      ctx.emitState();
      return { staffPinSet: true };
    },
    async changeStaffPin({ pin, newPin }, who) {
      const signedIn = session.current();
      // The person signed in changes their own PIN: wrong tries at it lock them alone.
      const refusal = await staff.change(pin, newPin, signedIn?.id ?? known(who).id);
      if (refusal)
        throw new KioskError(refusal, [PIN_WRONG, PIN_LOCKED].includes(refusal) ? 'pin' : 'newPin');
      return { changed: true };
    },
    // The dispatcher checked the PIN (and the role asked for) before this runs.
    checkStaffPin: () => ({ ok: true }),
    signIn(_command, who) {
      session.signIn(known(who));
      ctx.emitState();
      return known(who);
    },
    signOut() {
      session.signOut();
      ctx.emitState();
      return { signedOut: true };
    },
    listStaff: () => ({
      staff: staff
        .list()
        .map((m) => (staff.fromDashboard(m.id) ? { ...m, fromDashboard: true } : m)),
      settings: session.settings(),
    }),
    async addStaff({ name, role, newPin }, who) {
      const added = await refusing(() => staff.add(known(who), { name, role, pin: newPin }));
      ctx.emitState();
      return added;
    },
    async updateStaff({ id, name, role, newPin }, who) {
      const updated = await refusing(() =>
        staff.update(known(who), id, { name, role, pin: newPin }),
      );
      ctx.emitState();
      return updated;
    },
    async removeStaff({ id }, who) {
      await refusing(() => staff.remove(known(who), id));
      ctx.emitState();
      return { removed: true };
    },
    saveStaffSettings({ settings }) {
      session.saveSettings(settings);
      ctx.emitState();
      return session.settings();
    },
    async approve({ approverPin, action, paymentRequestId }) {
      return { approvedBy: await session.grant(approverPin, action, paymentRequestId) };
    },
    overridePrice(override) {
      // A price raised or kept is no override; a console nobody signed in to names nobody and
      // checks nobody, as for a cancel.
      const staff = ctx.actor(null);
      if (override.toPence >= override.fromPence || !staff) return { approvedBy: null };
      return { approvedBy: session.priceOverride(staff, override) };
    },
    staffActions({ paymentRequestId }) {
      return {
        actions: ctx.staffActions.of(paymentRequestId).map((action) => ({
          ...action,
          at: new Date(action.at).toISOString(),
        })),
      };
    },
  };
}
