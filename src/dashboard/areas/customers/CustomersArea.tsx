/**
 * Customers: /dashboard/customers is the searchable list (search, metadata filter and page kept
 * in the address), /dashboard/customers/{id} one customer. Both show the sandbox's outbox of
 * messages; the list also shows the terminals' customer lookups.
 */
import { useStore } from 'zustand';
import { useRouter } from '../../context';
import { CustomerList } from './CustomerList';
import { CustomerPage } from './CustomerPage';

export function CustomersArea() {
  const router = useRouter();
  const sub = useStore(router.store, (s) => s.sub);
  return sub ? <CustomerPage customerId={sub} /> : <CustomerList />;
}
