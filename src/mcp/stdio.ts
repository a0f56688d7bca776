/**
 * `npm run mcp`: Counter's MCP server over stdio, for desktop clients that launch a command. It
 * talks to a running payments service (COUNTER_URL) over its HTTP API with the configuration of
 * config.ts. Stdout carries the protocol only; the one status line goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AgentPay } from '../agent/index';
import { createFetchClient } from '../shared/contract/fetch-client';
import { ConfigError, readConfig } from './config';
import { createCounterMcpServer, mcpFetch } from './server';

async function main(): Promise<void> {
  const config = readConfig();
  const server = createCounterMcpServer({
    ...(config.tools.has('merchant')
      ? {
          merchant: createFetchClient({
            baseUrl: config.serviceUrl,
            secret: config.secret,
            fetch: mcpFetch(),
          }),
        }
      : {}),
    ...(config.tools.has('agent')
      ? {
          agent: {
            pay: new AgentPay({
              baseUrl: config.serviceUrl,
              apiKey: config.secret,
              privateKeyPem: config.agentKeyPem,
              ...(config.agentId ? { agentId: config.agentId } : {}),
            }),
            ...(config.agentName ? { agentName: config.agentName } : {}),
            confirmAbovePence: config.confirmAbovePence,
          },
        }
      : {}),
  });
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `counter mcp: ${[...config.tools].join(' and ')} tools for ${config.serviceUrl} over stdio\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `counter mcp: ${error instanceof ConfigError ? error.message : `cannot start (${(error as Error).message})`}\n`,
  );
  process.exit(2);
});
