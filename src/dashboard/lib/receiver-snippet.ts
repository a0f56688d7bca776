/**
 * The copy-paste webhook receiver in plain Node that docs/webhooks.md prints (a test checks the
 * two are the same, and another runs the doc's copy against a live service), shown again in the
 * dashboard beside a new endpoint's secret so that an integrator can verify their first event
 * within the minute.
 */
export const NODE_RECEIVER = `// receiver.mjs: WEBHOOK_SECRET=whsec_... node receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const key = Buffer.from(process.env.WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const { 'webhook-id': id, 'webhook-timestamp': ts, 'webhook-signature': sigs } = req.headers;
    const expected = createHmac('sha256', key).update(\`\${id}.\${ts}.\${body}\`).digest();
    const signed = String(sigs)
      .split(' ')
      .some((sig) => {
        const given = Buffer.from(sig.slice(3), 'base64');
        return sig.startsWith('v1,') && given.length === 32 && timingSafeEqual(given, expected);
      });
    const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300;
    if (!signed || !fresh) return res.writeHead(400).end('bad signature');
    const event = JSON.parse(body);
    console.log(event.type, event.id, event.data.status);
    res.writeHead(204).end();
  });
}).listen(Number(process.env.PORT ?? 3000));
`;

/** The command that runs it with this endpoint's secret. */
export const receiverCommand = (secret: string) => `WEBHOOK_SECRET='${secret}' node receiver.mjs`;
