/**
 * Who did what at the kiosk: each payment taken, refund, capture, release or cancel, and each
 * basket line's price lowered (a price override), with the person who did it and the manager
 * who approved it, as they were named then (a later rename or
 * removal changes no record). Kept beside the payment for History and its detail.
 */
import type { Connection } from '../../../sqlite';

export type StaffActionKind = 'payment' | 'refund' | 'capture' | 'release' | 'cancel' | 'price';

export interface StaffPerson {
  id: string;
  name: string;
  role: 'cashier' | 'manager' | 'owner';
}

export interface StaffAction {
  action: StaffActionKind;
  refundId: string | null;
  amountPence: number | null;
  staff: StaffPerson;
  approvedBy: StaffPerson | null;
  at: number;
  /** A price override: the line's description and the price of one it had (amountPence: now). */
  description?: string;
  fromPence?: number;
}

interface Row {
  action: StaffActionKind;
  refund_id: string | null;
  amount_pence: number | null;
  staff_id: string;
  staff_name: string;
  staff_role: StaffPerson['role'];
  approver_id: string | null;
  approver_name: string | null;
  approver_role: StaffPerson['role'] | null;
  at: number;
  description: string | null;
  from_pence: number | null;
}

export interface StaffActions {
  record(
    paymentRequestId: string,
    action: Omit<StaffAction, 'at' | 'refundId' | 'amountPence' | 'approvedBy'> &
      Partial<Pick<StaffAction, 'refundId' | 'amountPence' | 'approvedBy'>>,
  ): void;
  of(paymentRequestId: string): StaffAction[];
}

export function createStaffActions(db: Connection, now: () => number): StaffActions {
  const insert = db.prepare(
    `INSERT INTO staff_actions (payment_request_id, action, refund_id, amount_pence, staff_id,
       staff_name, staff_role, approver_id, approver_name, approver_role, at, description,
       from_pence)
     VALUES (@paymentRequestId, @action, @refundId, @amountPence, @staffId, @staffName,
       @staffRole, @approverId, @approverName, @approverRole, @at, @description, @fromPence)`,
  );
  const select = db.prepare<[string], Row>(
    `SELECT action, refund_id, amount_pence, staff_id, staff_name, staff_role, approver_id,
       approver_name, approver_role, at, description, from_pence
     FROM staff_actions WHERE payment_request_id = ? ORDER BY id`,
  );
  return {
    record(paymentRequestId, action) {
      insert.run({
        paymentRequestId,
        action: action.action,
        refundId: action.refundId ?? null,
        amountPence: action.amountPence ?? null,
        staffId: action.staff.id,
        staffName: action.staff.name,
        staffRole: action.staff.role,
        approverId: action.approvedBy?.id ?? null,
        approverName: action.approvedBy?.name ?? null,
        approverRole: action.approvedBy?.role ?? null,
        at: now(),
        description: action.description ?? null,
        fromPence: action.fromPence ?? null,
      });
    },
    of(paymentRequestId) {
      return select.all(paymentRequestId).map((row) => ({
        action: row.action,
        refundId: row.refund_id,
        amountPence: row.amount_pence,
        staff: { id: row.staff_id, name: row.staff_name, role: row.staff_role },
        approvedBy:
          row.approver_id && row.approver_name && row.approver_role
            ? { id: row.approver_id, name: row.approver_name, role: row.approver_role }
            : null,
        at: row.at,
        ...(row.description !== null ? { description: row.description } : {}),
        ...(row.from_pence !== null ? { fromPence: row.from_pence } : {}),
      }));
    },
  };
}
