/**
 * Builds Counter's MCP server: the merchant's payment tools, Agent Pay's tools, or both, over
 * whatever clients it is handed. The transports (stdio.ts; the service's /mcp) decide which
 * credentials those clients carry; nothing here reads a secret.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FetchClient } from '../shared/contract/fetch-client';
import { registerAgentTools, type AgentToolOptions } from './agent-tools';
import { registerMerchantTools } from './merchant-tools';

export interface CounterMcpOptions {
  /** The typed client with the merchant's access secret: the merchant's payment tools. */
  merchant?: FetchClient;
  /** The Agent Pay client with the agent's key: Agent Pay's tools. */
  agent?: AgentToolOptions;
}

export const SERVER_INFO = { name: 'counter', version: '0.1.0' };

export function createCounterMcpServer(options: CounterMcpOptions): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Counter payments. Amounts are in pounds (12.5 is £12.50). Give every tool that moves money a fresh idempotencyKey (a UUID) and reuse it only to retry that same call. Refunds, and payments above the configured threshold, are confirmed by the person at the client before they run.',
  });
  if (options.merchant) registerMerchantTools(server, options.merchant);
  if (options.agent) registerAgentTools(server, options.agent);
  return server;
}
