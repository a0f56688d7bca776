/**
 * Who is signed in at the console, the shop's staff settings, and the manager's approval that
 * some commands need of a cashier.
 *
 * One person is signed in at a time (the console is one till). Signing in is typing a PIN on
 * the console's PIN pad; the person is signed out by "Sign out" or after the idle time the shop
 * sets (Settings), counted from the last command the console sent. The session is kept in
 * memory only: a restart signs everyone out.
 *
 * The dashboard may sign out whoever is signed in (SIGN_OUT_STAFF) or lock the console
 * (LOCK_CONSOLE): locked, it is signed out and only a manager's or the owner's PIN opens it again
 * (their signing in); the lock is kept in the database, so a restart does not open it.
 */
import type { Connection } from '../../sqlite';
import type { BasketLine } from '../../shared/basket';
import { formatPence } from '../../shared/money';
import { KioskError } from './kiosk-error';
import { atLeast, StaffRefusal, type StaffMember, type StaffPin } from './staff-pin';

export interface StaffSettings {
  /** Minutes without a command from the console before whoever is signed in is signed out. */
  idleMinutes: number;
  /** A cashier's refund above this many pence needs a manager's approval. */
  approvalRefundPence: number;
}

export interface StaffSession {
  /** Who is signed in now; null after sign-out or the idle time. */
  current(): StaffMember | null;
  /**
   * Who acts at the console: whoever is signed in; in a one-person shop (the owner its only
   * staff) the owner, signed in or not; else null.
   */
  acting(): StaffMember | null;
  /** The shop has staff besides its one owner (local or pushed): acting needs a sign-in. */
  signInRequired(): boolean;
  /** Refuses (a KioskError on `pin`, nothing done) when a sign-in is required and nobody is. */
  requireSignedIn(): void;
  /** Signs `member` in; a locked console only a manager or the owner, which unlocks it. */
  signIn(member: StaffMember): void;
  signOut(): void;
  /** Signs out whoever is signed in and locks the console until a manager or owner signs in. */
  lock(): void;
  locked(): boolean;
  /** The console did something: the idle time starts again. */
  touch(): void;
  /** The settings in force: the idle time is the merchant's when a level locks signOutMinutes. */
  settings(): StaffSettings;
  /** Saves the shop's own; refused (naming the field) for an idle time the merchant locked. */
  saveSettings(settings: StaffSettings): void;
  /** Follows the merchant's kiosk settings in force (central-settings.ts), once they exist. */
  follow(central: () => CentralStaffSettings | null): void;
  /**
   * A manager's or owner's PIN approving `action` on one payment: good for the next such command
   * within two minutes, once. Refused (a StaffRefusal's message) for a wrong PIN or a cashier's.
   */
  grant(
    approverPin: string,
    action: ApprovedAction,
    paymentRequestId: string,
  ): Promise<StaffMember>;
  /**
   * The approval `who` needs for `action`: none when `who` is a manager or owner; else the grant
   * made for it (used up), or a KioskError on `approverPin` saying a manager must approve `what`.
   */
  approval(
    who: StaffMember,
    action: ApprovedAction,
    paymentRequestId: string,
    what: string,
  ): StaffMember | null;
  /** A refund of `pence`: above the shop's amount a cashier needs approval. */
  refundApproval(who: StaffMember, paymentRequestId: string, pence: number): StaffMember | null;
  /**
   * A basket line's price lowered by `who`: a cashier needs the approval granted for
   * `overrideId` (else a KioskError on `approverPin`). Kept, with who approved it, until the
   * payment its line is paid in takes it (`overridesOf`); answers the approver.
   */
  priceOverride(who: StaffMember, override: PriceOverride): StaffMember | null;
  /**
   * The price overrides of a payment started with `lines` (each whose line is there at the price
   * it was given), for its record; every override waiting is then let go, as the basket is.
   */
  overridesOf(lines: readonly BasketLine[]): ApprovedOverride[];
}

/** A basket line's price of one lowered at the console. */
export interface PriceOverride {
  overrideId: string;
  description: string;
  fromPence: number;
  toPence: number;
}

export interface ApprovedOverride extends PriceOverride {
  staff: StaffMember;
  approvedBy: StaffMember | null;
}

/** What the session reads of the merchant's kiosk settings in force. */
export interface CentralStaffSettings {
  settings: { signOutMinutes: number };
  locked: readonly string[];
}

export const APPROVAL_FIELD = 'approverPin';
/** What a console nobody signed in to is told, once the shop has more staff than its owner. */
export const SIGN_IN_MESSAGE =
  'Sign in first: this shop has more than one member of staff, so each sale and staff action names who did it';
/** What a cashier's PIN is told at a locked console. */
export const LOCKED_MESSAGE =
  'This console is locked from the dashboard: a manager or the owner enters their PIN to open it';
/** What a cashier does only with a manager's approval. */
export type ApprovedAction = 'refund' | 'release' | 'cancel' | 'price';
/** How long an approval waits for the command it was given for. */
const GRANT_MS = 2 * 60_000;

export function createStaffSession(
  db: Connection,
  staff: StaffPin,
  now: () => number,
): StaffSession {
  const read = db.prepare<[], { idle_minutes: number; approval_refund_pence: number }>(
    'SELECT idle_minutes, approval_refund_pence FROM staff_settings WHERE id = 1',
  );
  const write = db.prepare(
    'UPDATE staff_settings SET idle_minutes = @idleMinutes, approval_refund_pence = @approvalRefundPence WHERE id = 1',
  );
  const readLock = db.prepare<[], { console_locked: number }>(
    'SELECT console_locked FROM staff_settings WHERE id = 1',
  );
  const writeLock = db.prepare<[number]>(
    'UPDATE staff_settings SET console_locked = ? WHERE id = 1',
  );
  let signedIn: { member: StaffMember; lastActive: number } | null = null;
  let locked = readLock.get()?.console_locked === 1;

  let central: () => CentralStaffSettings | null = () => null;
  /** The merchant's sign-out time when it is locked against staff, else null. */
  const centralIdle = () => {
    const c = central();
    return c?.locked.includes('signOutMinutes') ? c.settings.signOutMinutes : null;
  };
  const settings = (): StaffSettings => {
    const row = read.get()!;
    return {
      idleMinutes: centralIdle() ?? row.idle_minutes,
      approvalRefundPence: row.approval_refund_pence,
    };
  };

  function current(): StaffMember | null {
    if (!signedIn) return null;
    if (now() - signedIn.lastActive > settings().idleMinutes * 60_000) signedIn = null;
    // A person removed, renamed or given another role since signing in is read as they are now.
    const member = signedIn ? staff.get(signedIn.member.id) : null;
    if (!member) signedIn = null;
    return member;
  }

  /** The shop's only member of staff when that is its owner; else null. */
  function soleOwner(): StaffMember | null {
    const all = staff.list();
    return all.length === 1 && all[0]!.role === 'owner' ? all[0]! : null;
  }
  // No staff yet (the owner not chosen) asks for no sign-in either: there is nobody to be.
  const signInRequired = () => staff.list().length > 0 && soleOwner() === null;

  /** Approvals granted and not yet used, by action and payment. */
  const grants = new Map<string, { approver: StaffMember; until: number }>();
  const keyOf = (action: ApprovedAction, id: string) => `${action} ${id}`;

  function approval(who: StaffMember, action: ApprovedAction, id: string, what: string) {
    if (atLeast(who.role, 'manager')) return null;
    const grant = grants.get(keyOf(action, id));
    grants.delete(keyOf(action, id));
    if (grant && grant.until >= now()) return grant.approver;
    throw new KioskError(
      `${what} needs a manager’s approval: a manager enters their own PIN`,
      APPROVAL_FIELD,
    );
  }

  /** Price overrides approved and not yet paid for: the console's basket has one at a time. */
  let overrides: ApprovedOverride[] = [];

  return {
    current,
    acting: () => current() ?? soleOwner(),
    signInRequired,
    requireSignedIn() {
      // A locked console says so: only a manager's or the owner's sign-in opens it.
      if (signInRequired() && !current())
        throw new KioskError(locked ? LOCKED_MESSAGE : SIGN_IN_MESSAGE, 'pin');
    },
    signIn(member) {
      if (locked && !atLeast(member.role, 'manager')) throw new KioskError(LOCKED_MESSAGE, 'pin');
      if (locked) writeLock.run(0);
      locked = false;
      signedIn = { member, lastActive: now() };
    },
    signOut() {
      signedIn = null;
    },
    lock() {
      signedIn = null;
      grants.clear();
      writeLock.run(1);
      locked = true;
    },
    locked: () => locked,
    touch() {
      if (current() && signedIn) signedIn.lastActive = now();
    },
    settings,
    saveSettings(next) {
      const idle = centralIdle();
      if (idle !== null && next.idleMinutes !== idle)
        throw new KioskError(
          `The idle time is set by your merchant (${idle} minutes)`,
          'settings.idleMinutes',
        );
      // A locked idle time stays the shop's own underneath, for when the merchant unlocks it.
      write.run(idle === null ? next : { ...next, idleMinutes: read.get()!.idle_minutes });
    },
    follow(next) {
      central = next;
    },
    async grant(approverPin, action, paymentRequestId) {
      const approver = await staff.identify(approverPin);
      if (approver instanceof StaffRefusal) throw new KioskError(approver.message, APPROVAL_FIELD);
      if (!atLeast(approver.role, 'manager'))
        throw new KioskError(
          `${approver.name} is a cashier: a manager or the owner must approve`,
          APPROVAL_FIELD,
        );
      grants.set(keyOf(action, paymentRequestId), { approver, until: now() + GRANT_MS });
      return approver;
    },
    approval,
    refundApproval(who, paymentRequestId, pence) {
      const limit = settings().approvalRefundPence;
      if (pence <= limit) return null;
      return approval(who, 'refund', paymentRequestId, `A refund above ${formatPence(limit)}`);
    },
    priceOverride(who, override) {
      const { overrideId, description, fromPence, toPence } = override;
      const approvedBy = approval(
        who,
        'price',
        overrideId,
        `Lowering the price of ${description} from ${formatPence(fromPence)} to ${formatPence(toPence)}`,
      );
      overrides.push({ ...override, staff: who, approvedBy });
      return approvedBy;
    },
    overridesOf(lines) {
      const taken = overrides.filter((o) =>
        lines.some((line) => line.description === o.description && line.unitPence === o.toPence),
      );
      overrides = [];
      return taken;
    },
  };
}
