/**
 * A sandbox reset clears the merchant's sandbox payment requests, their transactions and
 * baskets (refunds go with them: ON DELETE CASCADE). Registered when the payments reader loads.
 */
import { registerSandboxReset } from '../../kernel/sandbox-reset';

registerSandboxReset({
  area: 'payments',
  prepare(store) {
    const statements = [
      `DELETE FROM transactions WHERE payment_request_id IN
         (SELECT id FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox')`,
      `DELETE FROM payment_line_items WHERE payment_request_id IN
         (SELECT id FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox')`,
      `DELETE FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox'`,
    ].map((sql) => store.prepare(sql));
    return async (merchantId) => {
      for (const statement of statements) await statement.run(merchantId);
    };
  },
});
