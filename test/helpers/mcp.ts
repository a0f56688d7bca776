/**
 * MCP clients for tests, built on the real SDK Client: over Streamable HTTP to a service's /mcp,
 * or over stdio to `npm run mcp`'s entry run with tsx. `answers` plays the person at the client:
 * each elicitation takes the next answer (a client made without it declares no elicitation
 * capability at all). Every tool answer is kept, so a test can check what any of them said.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';

export type PersonAnswer = 'yes' | 'no' | 'cancel';

export interface TestMcp {
  client: Client;
  /** A tool call as the model sees it: its text and whether it is an error. */
  call(name: string, args?: Record<string, unknown>): Promise<{ isError: boolean; text: string }>;
  /** Every question the person was asked, in order. */
  asked: string[];
  /** What the person answers next (consumed one per question). */
  answers: PersonAnswer[];
  /** Every tool answer's text so far. */
  said: string[];
  /** What the server wrote to stderr (stdio only). */
  stderr: () => string;
  close(): Promise<void>;
}

const REPLIES: Record<PersonAnswer, ElicitResult> = {
  yes: { action: 'accept', content: { confirm: true } },
  no: { action: 'decline' },
  cancel: { action: 'cancel' },
};

async function connect(
  transport: Transport,
  canElicit: boolean,
  stderr: () => string = () => '',
): Promise<TestMcp> {
  const client = new Client(
    { name: 'counter-test', version: '1.0.0' },
    { capabilities: canElicit ? { elicitation: { form: {} } } : {} },
  );
  const asked: string[] = [];
  const answers: PersonAnswer[] = [];
  const said: string[] = [];
  if (canElicit)
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return REPLIES[answers.shift() ?? 'no'];
    });
  await client.connect(transport);
  return {
    client,
    asked,
    answers,
    said,
    stderr,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as { type: string; text?: string }[])
        .map((part) => part.text ?? '')
        .join('\n');
      said.push(text);
      return { isError: result.isError === true, text };
    },
    close: () => client.close(),
  };
}

export function httpMcp(url: string, secret: string, canElicit = true): Promise<TestMcp> {
  return connect(
    new StreamableHTTPClientTransport(new URL('/mcp', url), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
    canElicit,
  );
}

const STDIO_ENTRY = fileURLToPath(new URL('../../src/mcp/stdio.ts', import.meta.url));

/** `npm run mcp` as a desktop client launches it: node with tsx, configured by environment. */
export function stdioMcp(env: Record<string, string>, canElicit = true): Promise<TestMcp> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', STDIO_ENTRY],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return connect(transport, canElicit, () => stderr);
}
