/**
 * Payments: /dashboard/payments pushes one to a terminal and follows every payment live (cancel
 * unpaid ones); /dashboard/payments/{id} is one payment's own page.
 */
import { useStore } from 'zustand';
import { useRouter } from '../../context';
import { PaymentList } from './PaymentList';
import { PaymentPage } from './PaymentPage';
import { PushForm } from './PushForm';

export function PaymentsArea() {
  const router = useRouter();
  const sub = useStore(router.store, (s) => s.sub);
  if (sub) return <PaymentPage key={sub} paymentRequestId={sub} />;
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
