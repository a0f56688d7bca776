/**
 * A sandbox reset clears the merchant's sandbox payment requests, their transactions, baskets
 * and the shops their receipts kept, with the logos only those kept (refunds go with them: ON
 * DELETE CASCADE). Registered when the payments reader loads.
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
      `DELETE FROM payment_shops WHERE payment_request_id IN
         (SELECT id FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox')`,
      `DELETE FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox'`,
      // The logos only the sandbox's payments kept.
      `DELETE FROM receipt_logos WHERE merchant_id = ? AND NOT EXISTS (
         SELECT 1 FROM payment_shops ps JOIN payment_requests p ON p.id = ps.payment_request_id
         WHERE p.merchant_id = receipt_logos.merchant_id
           AND ps.logo_environment = receipt_logos.environment
           AND ps.logo_version = receipt_logos.version)`,
    ].map((sql) => store.prepare(sql));
    return async (merchantId) => {
      for (const statement of statements) await statement.run(merchantId);
    };
  },
});
