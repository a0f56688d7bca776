/**
 * The arithmetic of a shift, apart from where its numbers come from: the X report's figures from
 * the payments, refunds and cash movements since the shift opened, and the count of a drawer.
 * Everything is whole pence; nothing here rounds.
 */
import type { ShiftFigures } from '../../../shared/contract/shifts';
import type { DenominationCount } from './types';

export type Method = 'CARD' | 'PAY_BY_BANK' | 'CASH';
/** The methods an X report always lists, even at nought, in the order the till reads them. */
export const METHODS: readonly Method[] = ['CARD', 'PAY_BY_BANK', 'CASH'];

export interface TakenPayment {
  method: Method | null;
  takenPence: number;
  tipPence: number;
  staff: string | null;
}

export interface CompletedRefund {
  method: Method | null;
  amountPence: number;
  staff: string | null;
}

export interface Movement {
  kind: 'PAY_IN' | 'PAY_OUT';
  amountPence: number;
  reason: string;
  staff: string;
  at: string;
}

export interface ShiftInputs {
  openedAt: string;
  openedBy: string;
  floatPence: number;
  payments: TakenPayment[];
  refunds: CompletedRefund[];
  movements: Movement[];
}

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

function byStaff(payments: TakenPayment[], refunds: CompletedRefund[]): ShiftFigures['staff'] {
  const people = new Map<string, ShiftFigures['staff'][number]>();
  const of = (name: string) => {
    let person = people.get(name);
    if (!person) {
      person = { name, payments: 0, takenPence: 0, refunds: 0, refundedPence: 0 };
      people.set(name, person);
    }
    return person;
  };
  for (const p of payments)
    if (p.staff) {
      of(p.staff).payments += 1;
      of(p.staff).takenPence += p.takenPence;
    }
  for (const r of refunds)
    if (r.staff) {
      of(r.staff).refunds += 1;
      of(r.staff).refundedPence += r.amountPence;
    }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The X report: takings by method, refunds, tips, movements and the cash the drawer should hold. */
export function shiftFigures(input: ShiftInputs): ShiftFigures {
  const takings = METHODS.map((method) => {
    const of = input.payments.filter((p) => p.method === method);
    return {
      method,
      count: of.length,
      totalPence: sum(of.map((p) => p.takenPence)),
      tipsPence: sum(of.map((p) => p.tipPence)),
    };
  });
  const cashSalesPence = takings.find((t) => t.method === 'CASH')!.totalPence;
  const cashRefunds = sum(
    input.refunds.filter((r) => r.method === 'CASH').map((r) => r.amountPence),
  );
  const payInsPence = sum(
    input.movements.filter((m) => m.kind === 'PAY_IN').map((m) => m.amountPence),
  );
  const payOutsPence = sum(
    input.movements.filter((m) => m.kind === 'PAY_OUT').map((m) => m.amountPence),
  );
  return {
    openedAt: input.openedAt,
    openedBy: input.openedBy,
    floatPence: input.floatPence,
    takings,
    takenPence: sum(takings.map((t) => t.totalPence)),
    tipsPence: sum(takings.map((t) => t.tipsPence)),
    refunds: {
      count: input.refunds.length,
      totalPence: sum(input.refunds.map((r) => r.amountPence)),
      cashPence: cashRefunds,
    },
    movements: input.movements,
    payInsPence,
    payOutsPence,
    cashSalesPence,
    expectedCashPence: input.floatPence + cashSalesPence - cashRefunds + payInsPence - payOutsPence,
    staff: byStaff(input.payments, input.refunds),
  };
}

/** What a drawer counted by denomination holds, in pence. */
export function countedPence(counted: DenominationCount[]): number {
  return sum(counted.map((c) => c.denominationPence * c.count));
}
