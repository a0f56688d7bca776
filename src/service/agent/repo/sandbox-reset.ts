/**
 * A sandbox reset clears the merchant's Agent Pay rows: payments and contracts before the agents
 * they point at, and before the customers (the customers area's reset runs after this one).
 */
import { registerSandboxReset } from '../../kernel/sandbox-reset';

registerSandboxReset({
  area: 'agent',
  refersTo: ['customers'],
  prepare(store) {
    const statements = [
      `DELETE FROM contract_approval_codes WHERE contract_id IN
         (SELECT id FROM contracts WHERE merchant_id = ? AND environment = 'sandbox')`,
      `DELETE FROM contract_payments WHERE merchant_id = ? AND environment = 'sandbox'`,
      `DELETE FROM contracts WHERE merchant_id = ? AND environment = 'sandbox'`,
      `DELETE FROM agent_nonces WHERE scope IN
         (SELECT id FROM agents WHERE merchant_id = ? AND environment = 'sandbox')`,
      // Registration nonces are scoped by key: key:<merchant>:<environment>:<thumbprint>.
      `DELETE FROM agent_nonces WHERE scope LIKE 'key:' || ? || ':sandbox:%'`,
      `DELETE FROM agents WHERE merchant_id = ? AND environment = 'sandbox'`,
    ].map((sql) => store.prepare(sql));
    return async (merchantId) => {
      for (const statement of statements) await statement.run(merchantId);
    };
  },
});
