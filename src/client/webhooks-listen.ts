/**
 * `npm run webhooks -- listen --forward-to http://localhost:3000/hooks`: webhooks from a sandbox
 * service to a receiver on a developer's machine, the way Stripe CLI's `listen` does it. It
 * subscribes a loopback endpoint of its own, prints the subscription's `whsec_` secret (or writes
 * it to an env file), forwards each delivery's raw body and signature headers unchanged, answers
 * the service with the receiver's status (so the service retries exactly as it would for the
 * receiver itself), prints one line per event, and unsubscribes when it stops.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { EventType } from '../shared/contract/common';
import { createClient } from './http-client';
import { verifyWebhookSignature } from './webhook-verify';

export const USAGE = `Usage: npm run webhooks -- listen --forward-to URL [options]

Subscribes to a sandbox payments service's webhooks and forwards every delivery, signed, unchanged,
to your receiver.

Options:
  --forward-to URL     Your receiver (e.g. http://localhost:3000/hooks)           (required)
  --service-url URL    The payments service (default http://127.0.0.1:4010)
  --events A,B         Event types to subscribe to (default: all)
  --write-env-file F  Also write WEBHOOK_SECRET=whsec_... to F (readable by you only)
  -h, --help           Show this help

The sandbox secret comes from SERVICE_SECRET (or SERVICE_SANDBOX_SECRET).`;

/** Request headers that belong to the hop, not to the delivery. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

export async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'forward-to': { type: 'string' },
        'service-url': { type: 'string', default: 'http://127.0.0.1:4010' },
        events: { type: 'string' },
        'write-env-file': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return void console.log(USAGE);
  if (positionals[0] !== 'listen' || positionals.length !== 1)
    fail(`Unknown command '${positionals.join(' ')}': the command is listen`);
  const forwardTo = values['forward-to'];
  if (!forwardTo || !/^https?:\/\//.test(forwardTo))
    fail('--forward-to must be the http(s) URL of your receiver');
  const secret = process.env.SERVICE_SECRET || process.env.SERVICE_SANDBOX_SECRET;
  if (!secret) fail('Set SERVICE_SECRET to the sandbox secret of the service');
  const eventTypes = values.events
    ? values.events.split(',').map((type) => EventType.parse(type.trim()))
    : EventType.options;

  let signingSecret = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void forward(req, res);
  });
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !HOP_HEADERS.has(entry[0]),
      ),
    );
    let type = '?';
    try {
      type = (JSON.parse(body.toString('utf8')) as { type?: string }).type ?? '?';
    } catch {
      /* the receiver will say what it thinks of it */
    }
    let verdict = 'signature ok';
    try {
      verifyWebhookSignature(signingSecret, body, headers);
    } catch (error) {
      verdict = `signature refused here too: ${(error as Error).message}`;
    }
    const id = headers['webhook-id'] ?? '?';
    try {
      const answer = await request(forwardTo!, { method: 'POST', headers, body });
      await answer.body.dump();
      console.log(
        `${new Date().toISOString()}  ${type}  ${id}  -> ${answer.statusCode}  (${verdict})`,
      );
      res.writeHead(answer.statusCode).end();
    } catch (error) {
      // The service retries a delivery that failed, as it would for the receiver itself.
      console.log(
        `${new Date().toISOString()}  ${type}  ${id}  -> could not reach ${forwardTo}: ${(error as Error).message}`,
      );
      res.writeHead(502).end();
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const client = createClient({ baseUrl: values['service-url'], secret });
  const subscription = await client
    .call('createWebhook', {
      body: {
        url: `http://127.0.0.1:${port}/`,
        eventTypes,
        description: `npm run webhooks -- listen (forwarding to ${forwardTo})`,
      },
    })
    .catch((error: Error) => {
      server.close();
      fail(`The service refused the subscription: ${error.message}`);
    });
  signingSecret = subscription.secret;
  if (values['write-env-file'])
    writeFileSync(values['write-env-file'], `WEBHOOK_SECRET=${signingSecret}\n`, { mode: 0o600 });
  console.log(`Ready. Your webhook signing secret is ${signingSecret}`);
  console.log(`Forwarding ${eventTypes.join(', ')} to ${forwardTo}; Ctrl-C to stop.`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void client
      .call('deleteWebhook', { params: { id: subscription.id } })
      .catch((error: Error) => console.error(`could not unsubscribe: ${error.message}`))
      .finally(() => {
        server.close();
        server.closeAllConnections();
        console.log('Unsubscribed.');
        process.exit(0);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
