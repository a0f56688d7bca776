/**
 * What the MCP server adds to the API call a tool makes: `payment_request_status` (a read) and
 * `payment_request_create` (a write) as an MCP client calls them, over stdio (`npm run mcp`, which
 * calls the service over HTTP) and over the service's own Streamable HTTP `/mcp`, each paired
 * with the same API call made directly over HTTP: a tool call, then its direct call, in turn, so
 * both meet the same machine. The overhead is the difference of each pair; p50 and p99 of those.
 * Env: BENCH_MCP_CALLS (pairs per case, default 400).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { fileURLToPath } from 'node:url';
import { callApi } from './lib/api';
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';

const SECRET = 'sk_sandbox_bench_mcp';
const CALLS = Number(process.env.BENCH_MCP_CALLS || 400);
const WARMUP = 50;
const TARGET_P50_MS = 2;
const STDIO_ENTRY = fileURLToPath(new URL('../src/mcp/stdio.ts', import.meta.url));

/** A tool call that must succeed: a benchmark of error answers would measure nothing. */
async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<void> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
}

async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'counter-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Milliseconds that `work` takes. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function figures(): Promise<Figure[]> {
  const service = await startChildServer('service', [SECRET]);
  const call = (method: string, path: string, body?: unknown) =>
    callApi(service.url, method, path, body, SECRET);
  const transports: [string, () => Transport][] = [
    [
      'stdio',
      () =>
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', STDIO_ENTRY],
          env: {
            PATH: process.env.PATH ?? '',
            COUNTER_URL: service.url,
            COUNTER_SECRET: SECRET,
            COUNTER_MCP_TOOLS: 'merchant',
          },
          stderr: 'ignore',
        }),
    ],
    [
      'HTTP /mcp',
      () =>
        new StreamableHTTPClientTransport(new URL('/mcp', service.url), {
          requestInit: { headers: { authorization: `Bearer ${SECRET}` } },
        }),
    ],
  ];
  const out: Figure[] = [];
  try {
    const made = (await call('POST', '/api/payments/process-payment', {
      amount: 1,
      customerId: 'bench',
      orderId: 'mcp-read',
    })) as { paymentRequestId: string };
    const id = made.paymentRequestId;
    let order = 0;
    const newOrder = () => ({ amount: 1, customerId: 'bench', orderId: `mcp-${++order}` });

    for (const [label, transport] of transports) {
      const client = await connect(transport());
      try {
        const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
          [
            'status read',
            () => tool(client, 'payment_request_status', { paymentRequestId: id }),
            () => call('GET', `/api/payments/v1/payment-status/${id}`),
          ],
          [
            'create',
            () =>
              tool(client, 'payment_request_create', {
                ...newOrder(),
                idempotencyKey: `mcp-bench-${order}`,
              }),
            () => call('POST', '/api/payments/process-payment', newOrder()),
          ],
        ];
        for (const [name, viaTool, direct] of cases) {
          const overhead: number[] = [];
          for (let i = 0; i < WARMUP + CALLS; i++) {
            const tool = await timed(viaTool);
            const plain = await timed(direct);
            if (i >= WARMUP) overhead.push(tool - plain);
          }
          overhead.sort((a, b) => a - b);
          out.push(
            {
              name: `${label}: ${name} tool over its API call, p50`,
              value: percentile(overhead, 50),
              unit: 'ms',
              target: { op: '<=', value: TARGET_P50_MS },
            },
            {
              name: `${label}: ${name} tool over its API call, p99`,
              value: percentile(overhead, 99),
              unit: 'ms',
            },
          );
        }
      } finally {
        await client.close();
      }
    }
  } finally {
    await service.stop();
  }
  return out;
}
