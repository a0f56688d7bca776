/**
 * Who is signed in at the console, the shop's staff settings, and the manager's approval that
 * some commands need of a cashier.
 *
 * One person is signed in at a time (the console is one till). Signing in is typing a PIN on
 * the console's PIN pad; the person is signed out by "Sign out" or after the idle time the shop
 * sets (Settings), counted from the last command the console sent. The session is kept in
 * memory only: a restart signs everyone out.
 */
import type { Connection } from '../../sqlite';
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
  signIn(member: StaffMember): void;
  signOut(): void;
  /** The console did something: the idle time starts again. */
  touch(): void;
  settings(): StaffSettings;
  saveSettings(settings: StaffSettings): void;
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
}

export const APPROVAL_FIELD = 'approverPin';
/** What a cashier does only with a manager's approval. */
export type ApprovedAction = 'refund' | 'release' | 'cancel';
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
  let signedIn: { member: StaffMember; lastActive: number } | null = null;

  const settings = (): StaffSettings => {
    const row = read.get()!;
    return { idleMinutes: row.idle_minutes, approvalRefundPence: row.approval_refund_pence };
  };

  function current(): StaffMember | null {
    if (!signedIn) return null;
    if (now() - signedIn.lastActive > settings().idleMinutes * 60_000) signedIn = null;
    // A person removed, renamed or given another role since signing in is read as they are now.
    const member = signedIn ? staff.get(signedIn.member.id) : null;
    if (!member) signedIn = null;
    return member;
  }

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

  return {
    current,
    signIn(member) {
      signedIn = { member, lastActive: now() };
    },
    signOut() {
      signedIn = null;
    },
    touch() {
      if (current() && signedIn) signedIn.lastActive = now();
    },
    settings,
    saveSettings(next) {
      write.run(next);
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
  };
}
