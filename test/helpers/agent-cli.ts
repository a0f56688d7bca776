/**
 * The TypeScript Agent Pay client as a command, so the Python client's tests can check that a
 * contract created by one client is read by the other:
 *   node --import tsx test/helpers/agent-cli.ts <baseUrl> register <name>
 *   node --import tsx test/helpers/agent-cli.ts <baseUrl> create <agentId> <name>
 *   node --import tsx test/helpers/agent-cli.ts <baseUrl> get <agentId> <contractId>
 * The API key comes from SERVICE_API_KEY and the key from AGENT_PRIVATE_KEY_PEM; the result is
 * printed as JSON.
 */
import { AgentPay } from '../../src/agent/index';

const [baseUrl = '', command, ...args] = process.argv.slice(2);
const privateKeyPem = process.env.AGENT_PRIVATE_KEY_PEM;

async function run(): Promise<unknown> {
  switch (command) {
    case 'register':
      return new AgentPay({ baseUrl, privateKeyPem }).agent.register({
        name: args[0] ?? 'TS agent',
      });
    case 'create':
      return new AgentPay({ baseUrl, privateKeyPem, agentId: args[0] }).contract.create({
        name: args[1] ?? 'From TypeScript',
        limits: {
          maxPerPayment: 25,
          periodLimits: [{ amount: 75, period: 'WEEK' }],
          validTo: '2099-01-01T00:00:00Z',
        },
      });
    case 'get':
      return new AgentPay({ baseUrl, privateKeyPem, agentId: args[0] }).contract.get(args[1] ?? '');
    default:
      throw new Error(`unknown command ${command}`);
  }
}

run().then(
  (result) => console.log(JSON.stringify(result)),
  (error: Error & { code?: string }) => {
    console.error(JSON.stringify({ code: error.code, message: error.message }));
    process.exit(1);
  },
);
