/** Payments: push one to a terminal, and follow every payment live; cancel unpaid ones. */
import { PushForm } from './PushForm';
import { PaymentList } from './PaymentList';

export function PaymentsArea() {
  return (
    <>
      <h1 className="area-title">Payments</h1>
      <div className="grid">
        <PushForm />
        <PaymentList />
      </div>
    </>
  );
}
